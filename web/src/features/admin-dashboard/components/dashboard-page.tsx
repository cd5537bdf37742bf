import { Link, type LinkProps } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { DataConnectionsOverview, DataSourceStatus } from '@curb/contracts/analytics';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import { Badge, type BadgeTone } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { FeatureStatusCard, sourceLabel } from '@/components/admin/feature-status';
import { formatCount, formatDateTime } from '@/components/admin/format';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { Tabs } from '@/components/admin/tabs';
import { DataTable } from '@/components/ui/data-table';
import { SelfCheckPanel } from './self-check-panel';
import { useBackups, useDataConnections, useFeatureStatuses, useHealth, useIngestQuarantine } from '../api/dashboard';

const TABS = [
  { key: 'overview', label: 'System Overview' },
  { key: 'connections', label: 'Data Connections' },
  { key: 'analytics', label: 'Analytics Integration' },
  { key: 'features', label: 'Feature Status' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Most Needed Data Connections shows the top 5. */
const MOST_NEEDED = 5;

const QUICK_ACTIONS: { label: string; to: LinkProps['to'] }[] = [
  { label: 'Marketing Audits', to: '/admin/marketing-audits' },
  { label: 'Funnel Manager', to: '/admin/funnels' },
  { label: 'A/B Testing', to: '/admin/ab-testing' },
  { label: 'Retargeting', to: '/admin/retargeting' },
  { label: 'Analytics Hub', to: '/admin/analytics' },
  { label: 'Settings', to: '/admin/settings' },
];

function QuickActions() {
  return (
    <Panel title="Quick Actions">
      <div className={styles.actions}>
        {QUICK_ACTIONS.map((a) => (
          <Link key={a.label} to={a.to} className="button button-outline">
            {a.label}
          </Link>
        ))}
      </div>
    </Panel>
  );
}

function HealthRow({ name, tone, label, detail }: { name: string; tone: BadgeTone; label: string; detail: string }) {
  return (
    <li>
      <span>
        <strong>{name}</strong> <span className={styles.muted}>{detail}</span>
      </span>
      <Badge tone={tone}>{label}</Badge>
    </li>
  );
}

function SystemHealth({ overview }: { overview: DataConnectionsOverview | undefined }) {
  const health = useHealth();
  const source = (id: string) => overview?.sources.find((s) => s.id === id);
  const mail = source('email_delivery');
  const tracking = source('analytics_tracking');
  const live = (ok: boolean | undefined) =>
    ok === undefined
      ? { tone: 'gray' as const, label: 'Checking' }
      : ok
        ? { tone: 'green' as const, label: 'Connected' }
        : { tone: 'red' as const, label: 'Down' };
  const pg = live(health.data?.postgres.ok ?? (health.isError ? false : undefined));
  const ch = live(health.data?.clickhouse.ok ?? (health.isError ? false : undefined));
  return (
    <Panel title="System Health">
      <ul className={styles.steps} aria-label="System health">
        <HealthRow name="Database" {...pg} detail={health.data ? `PostgreSQL, ${health.data.postgres.latencyMs} ms` : 'PostgreSQL'} />
        <HealthRow name="Event store" {...ch} detail={health.data ? `ClickHouse, ${health.data.clickhouse.latencyMs} ms` : 'ClickHouse'} />
        <HealthRow name="Authentication" tone="green" label="Active" detail="Signed-in admin session" />
        <HealthRow
          name="E-mail service"
          tone={mail ? (mail.connected ? 'green' : 'yellow') : 'gray'}
          label={mail ? (mail.connected ? 'Connected' : 'Outbox only') : 'Checking'}
          detail={mail?.detail ?? 'Mail API first, then SMTP'}
        />
        <HealthRow
          name="Analytics"
          tone={tracking ? (tracking.connected ? 'green' : 'yellow') : 'gray'}
          label={tracking ? (tracking.connected ? 'Receiving events' : 'Partial Setup') : 'Checking'}
          detail={tracking?.detail ?? 'First-party tracking'}
        />
        <QuarantineRow />
        <BackupRow />
      </ul>
      {health.data && (
        <p className={styles.muted}>
          Running in {health.data.mode} mode, version {health.data.version}.
        </p>
      )}
    </Panel>
  );
}

/** Event rows ClickHouse refused for their data: set aside so the others keep flowing. */
function QuarantineRow() {
  const quarantine = useIngestQuarantine();
  const q = quarantine.data;
  if (!q)
    return (
      <HealthRow
        name="Quarantined events"
        tone="gray"
        label={quarantine.isError ? 'Unknown' : 'Checking'}
        detail="Rows the event store refused"
      />
    );
  if (q.rows === 0) return <HealthRow name="Quarantined events" tone="green" label="None" detail="Every accepted event was stored" />;
  const when = q.lastAt ? new Date(q.lastAt).toLocaleString() : '';
  return (
    <HealthRow
      name="Quarantined events"
      tone="yellow"
      label={`${formatCount(q.rows)} set aside`}
      detail={`Last ${when}: ${q.lastReason ?? 'refused by the event store'} (rows kept in ${q.lastFile ?? 'the quarantine folder'})`}
    />
  );
}

/** A daily backup is late when its last success is older than this. */
const BACKUP_LATE_MS = 26 * 3_600_000;

const mebibytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;

/** The last backup the product took (the worker's daily one, or `pnpm backup`), and the schedule. */
function BackupRow() {
  const backups = useBackups();
  const b = backups.data;
  if (!b)
    return (
      <HealthRow
        name="Backups"
        tone="gray"
        label={backups.isError ? 'Unknown' : 'Checking'}
        detail="Archives of everything the site stores"
      />
    );
  const schedule = b.schedule
    ? `Daily at ${b.schedule.at} UTC to ${b.schedule.dir}, the last ${b.schedule.keep} kept.`
    : 'No daily backup: set BACKUP_DIR (README, Backups), or run pnpm backup.';
  const last = b.lastSuccess;
  const failed = b.lastFailure && (!last || b.lastFailure.at > last.at) ? b.lastFailure : null;
  if (failed)
    return (
      <HealthRow
        name="Backups"
        tone="red"
        label="Last backup failed"
        detail={`${formatDateTime(failed.at)}: ${failed.error}. ${schedule}`}
      />
    );
  if (!last) return <HealthRow name="Backups" tone="yellow" label="None yet" detail={schedule} />;
  const late = b.schedule !== null && Date.now() - Date.parse(last.at) > BACKUP_LATE_MS;
  const rows = formatCount(last.postgresRows + last.clickhouseRows);
  const left = last.notCovered.length ? ` Not in it: ${last.notCovered.join('; ')}.` : '';
  return (
    <HealthRow
      name="Backups"
      tone={late ? 'yellow' : 'green'}
      label={late ? 'Overdue' : 'Backed up'}
      detail={`Last success ${formatDateTime(last.at)}: ${mebibytes(last.bytes)}, ${rows} rows, ${last.file}.${left} ${schedule}`}
    />
  );
}

function MostNeeded({ overview }: { overview: DataConnectionsOverview }) {
  const needed = Object.entries(overview.missingConnections)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MOST_NEEDED);
  return (
    <Panel title="Most Needed Data Connections">
      {needed.length === 0 ? (
        <p className={styles.muted}>Every feature has all its data sources connected.</p>
      ) : (
        <ol className={styles.steps}>
          {needed.map(([id, count]) => (
            <li key={id}>
              <span>{sourceLabel(id)}</span>
              <Badge tone="yellow">{count === 1 ? '1 feature waiting' : `${count} features waiting`}</Badge>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

const sourceColumn = createColumnHelper<DataSourceStatus>();
const SOURCE_COLUMNS = [
  sourceColumn.accessor('label', { header: 'Source' }),
  sourceColumn.accessor((s) => (s.connected ? 'Connected' : 'Not connected'), {
    id: 'status',
    header: 'Status',
    cell: (c) => <Badge tone={c.row.original.connected ? 'green' : 'red'}>{c.getValue()}</Badge>,
  }),
  sourceColumn.accessor('dataPoints', { header: 'Data points', cell: (c) => formatCount(c.getValue()) }),
  sourceColumn.accessor('detail', { header: 'Detail', meta: { cellClassName: styles.muted } }),
];

function Connections({ overview }: { overview: DataConnectionsOverview }) {
  return (
    <>
      <StatGrid>
        <StatCard label="Features" value={formatCount(overview.totalFeatures)} />
        <StatCard label="With Real Data" value={formatCount(overview.featuresWithRealData)} />
        <StatCard label="Prototype Features" value={formatCount(overview.prototypeFeatures)} />
        <StatCard label="Sources Connected" value={`${overview.sources.filter((s) => s.connected).length} / ${overview.sources.length}`} />
      </StatGrid>
      <Panel title="Data Sources">
        <DataTable data={overview.sources} columns={SOURCE_COLUMNS} getRowId={(s) => s.id} />
      </Panel>
      <MostNeeded overview={overview} />
    </>
  );
}

function AnalyticsIntegration({ overview }: { overview: DataConnectionsOverview }) {
  const ids = ['analytics_tracking', 'real_time_reporting', 'seo_analysis'];
  return (
    <Panel
      title="Analytics Integration"
      actions={
        <Link to="/admin/analytics" className="button button-outline">
          Open Analytics Hub
        </Link>
      }
    >
      <ul className={styles.steps}>
        {overview.sources
          .filter((s) => ids.includes(s.id))
          .map((s) => (
            <li key={s.id}>
              <span>
                <strong>{s.label}</strong> <span className={styles.muted}>{s.detail}</span>
              </span>
              <Badge tone={s.connected ? 'green' : 'yellow'}>{s.connected ? 'Connected' : 'Waiting for data'}</Badge>
            </li>
          ))}
      </ul>
      <p className={styles.muted}>
        Third-party tags (Google Analytics, Tag Manager, pixels, Hotjar) are set in <Link to="/admin/settings">Settings</Link>.
      </p>
    </Panel>
  );
}

function Features() {
  const features = useFeatureStatuses();
  if (features.isPending) return <LoadingView />;
  if (features.isError) return <ErrorView message="Failed to fetch feature status" onRetry={() => void features.refetch()} />;
  return (
    <>
      {features.data.map((f) => (
        <FeatureStatusCard key={f.id} feature={f} />
      ))}
    </>
  );
}

export function DashboardPage() {
  const [tab, setTab] = useState<TabKey>('overview');
  const overview = useDataConnections();
  return (
    <AdminPage
      title="System Dashboard"
      description="System health, data connections, analytics integration and feature status at a glance."
    >
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="System dashboard views">
        {tab === 'overview' && (
          <>
            <QuickActions />
            <SystemHealth overview={overview.data} />
            <SelfCheckPanel />
            {overview.data && <MostNeeded overview={overview.data} />}
          </>
        )}
        {tab === 'features' && <Features />}
        {(tab === 'connections' || tab === 'analytics') &&
          (overview.isPending ? (
            <LoadingView />
          ) : overview.isError ? (
            <ErrorView message="Failed to fetch data connections" onRetry={() => void overview.refetch()} />
          ) : tab === 'connections' ? (
            <Connections overview={overview.data} />
          ) : (
            <AnalyticsIntegration overview={overview.data} />
          ))}
      </Tabs>
    </AdminPage>
  );
}
