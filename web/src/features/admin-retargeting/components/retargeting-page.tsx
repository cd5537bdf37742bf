import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import {
  DEFAULT_PERIOD_DAYS,
  type EventDetailRow,
  JOURNEY_LIMIT,
  type PeriodDays,
  type RetargetingResponse,
  type TrafficSourceRow,
  type UserJourney,
} from '@curb/contracts/analytics';
import { eventLabel } from '@curb/contracts/event-labels';
import { pageName } from '@curb/content';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { BarChart } from '@/components/admin/bar-chart';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime, formatPercent } from '@/components/admin/format';
import { PeriodPicker } from '@/components/admin/period-picker';
import { RATES } from '@/components/admin/rates';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { Tabs } from '@/components/admin/tabs';
import { DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast/use-toast';
import { useRetargeting } from '../api/get-retargeting';

const TABS = [
  { key: 'funnel', label: 'Conversion Funnel' },
  { key: 'journeys', label: 'User Journeys' },
  { key: 'sources', label: 'Traffic Sources' },
  { key: 'events', label: 'Event Details' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function Funnel({ data }: { data: RetargetingResponse }) {
  return (
    <>
      <StatGrid>
        <StatCard label="Unique Users" value={formatCount(data.totalUsers)} />
        <StatCard label="Identified Users" value={formatCount(data.identifiedUsers)} />
        <StatCard label={RATES.identifiedVisitors.label} value={formatPercent(data.conversionRate)} hint={RATES.identifiedVisitors.hint} />
      </StatGrid>
      <Panel title="Conversion Funnel">
        <BarChart
          title="Users reaching each step, in order (rate against the previous step)"
          data={data.funnelData.map((s) => ({
            label: `${s.step}. ${eventLabel(s.event)}`,
            value: s.uniqueUsers,
            caption: `${formatCount(s.uniqueUsers)} (${formatPercent(s.rate)})`,
          }))}
        />
        {data.mailOnlyToOutbox && (
          <p className={styles.muted} data-testid="mail-outbox-note">
            No mail service is set up: report e-mails only reach the outbox folder, so no lead can open one yet. Set SMTP_URL or
            MAIL_API_URL to send them.
          </p>
        )}
      </Panel>
    </>
  );
}

/** Sources and event rows: one per source and event, so a long period makes a long table. */
const ROWS_PER_PAGE = 25;

const journeyColumn = createColumnHelper<UserJourney>();
const JOURNEY_COLUMNS = [
  journeyColumn.accessor((j) => j.email, {
    id: 'visitor',
    header: 'Visitor',
    // Identified visitors first, by e-mail; the anonymous after them.
    sortUndefined: 'last',
    cell: (c) => {
      const j = c.row.original;
      return (
        <>
          {j.email ? <strong>{j.email}</strong> : <span className={styles.muted}>Anonymous</span>}
          <br />
          <small className={styles.muted}>{j.sessionId.slice(0, 12)}</small>
        </>
      );
    },
  }),
  journeyColumn.accessor('totalEvents', { header: 'Events', cell: (c) => formatCount(c.getValue()) }),
  journeyColumn.accessor('firstSeen', { header: 'First seen', cell: (c) => formatDateTime(c.getValue()) }),
  journeyColumn.accessor('lastSeen', { header: 'Last seen', cell: (c) => formatDateTime(c.getValue()) }),
  journeyColumn.display({
    id: 'path',
    header: 'Path',
    meta: { stackInCard: true },
    cell: (c) => {
      const events = c.row.original.events;
      return (
        <div className={styles.actions}>
          {events.slice(0, 12).map((e, i) => {
            const page = pageName(e.path);
            // The action and its page as the owner reads them; the stored code and path on hover.
            return (
              <span key={`${e.timestamp}-${i}`} title={`${e.event} on ${e.path || '—'}`} data-testid="journey-step">
                <Badge tone={e.event === 'form_submit' || e.event === 'email_open' ? 'green' : 'gray'}>{eventLabel(e.event, page)}</Badge>
              </span>
            );
          })}
          {events.length > 12 && <span className={styles.muted}>+{events.length - 12} more</span>}
        </div>
      );
    },
  }),
];

const sourceColumn = createColumnHelper<TrafficSourceRow>();
const dash = (c: { getValue: () => string }) => c.getValue() || '—';
const SOURCE_COLUMNS = [
  sourceColumn.accessor('utmSource', { header: 'Source', cell: dash }),
  sourceColumn.accessor('utmMedium', { header: 'Medium', cell: dash }),
  sourceColumn.accessor('utmCampaign', { header: 'Campaign', cell: dash }),
  sourceColumn.accessor('referrer', { header: 'Referrer', cell: dash }),
  sourceColumn.accessor('sessions', { header: 'Sessions', cell: (c) => formatCount(c.getValue()) }),
  sourceColumn.accessor('events', { header: 'Events', cell: (c) => formatCount(c.getValue()) }),
];

const eventColumn = createColumnHelper<EventDetailRow>();
const EVENT_COLUMNS = [
  // Named as in the journeys (sorting follows the names); the stored code on hover.
  eventColumn.accessor((r) => eventLabel(r.event), {
    id: 'event',
    header: 'Event',
    cell: (c) => <span title={c.row.original.event}>{c.getValue()}</span>,
  }),
  eventColumn.accessor('source', { header: 'Source' }),
  eventColumn.accessor('count', { header: 'Count', cell: (c) => formatCount(c.getValue()) }),
  eventColumn.accessor('uniqueUsers', { header: 'Unique users', cell: (c) => formatCount(c.getValue()) }),
];

function Journeys({ data }: { data: RetargetingResponse }) {
  const journeys = data.userJourneys.slice(0, JOURNEY_LIMIT);
  if (journeys.length === 0) return <p className={styles.empty}>No visitor journeys in this period.</p>;
  return (
    <Panel title={`User Journeys (first ${JOURNEY_LIMIT})`}>
      <DataTable data={journeys} columns={JOURNEY_COLUMNS} getRowId={(j) => j.sessionId} />
    </Panel>
  );
}

function Sources({ data }: { data: RetargetingResponse }) {
  if (data.trafficSources.length === 0) return <p className={styles.empty}>No traffic in this period.</p>;
  const name = (s: RetargetingResponse['trafficSources'][number]) => s.utmSource || s.referrer || 'direct';
  return (
    <Panel title="Traffic Sources">
      <BarChart
        title="Sessions by source"
        data={data.trafficSources.slice(0, 10).map((s) => ({ label: name(s), value: s.sessions, caption: formatCount(s.sessions) }))}
      />
      <DataTable data={data.trafficSources} columns={SOURCE_COLUMNS} pageSize={ROWS_PER_PAGE} pagesLabel="Traffic source pages" />
    </Panel>
  );
}

function Events({ data }: { data: RetargetingResponse }) {
  if (data.eventDetails.length === 0) return <p className={styles.empty}>No events in this period.</p>;
  return (
    <Panel title="Event Details">
      <DataTable data={data.eventDetails} columns={EVENT_COLUMNS} pageSize={ROWS_PER_PAGE} pagesLabel="Event detail pages" />
    </Panel>
  );
}

export function RetargetingPage() {
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD_DAYS);
  const [tab, setTab] = useState<TabKey>('funnel');
  const retargeting = useRetargeting(days);
  const { toast } = useToast();
  useEffect(() => {
    if (retargeting.isError) toast({ title: 'Failed to fetch retargeting analytics', variant: 'destructive' });
  }, [retargeting.isError, toast]);

  return (
    <AdminPage
      title="Retargeting Analytics"
      description="How visitors move from a first page view to an identified lead."
      actions={<PeriodPicker value={days} onChange={setDays} />}
    >
      {retargeting.isPending ? (
        <LoadingView label="Loading retargeting analytics..." />
      ) : retargeting.isError ? (
        <ErrorView onRetry={() => void retargeting.refetch()} />
      ) : (
        <Tabs tabs={TABS} value={tab} onChange={setTab} label="Retargeting views">
          {tab === 'funnel' && <Funnel data={retargeting.data} />}
          {tab === 'journeys' && <Journeys data={retargeting.data} />}
          {tab === 'sources' && <Sources data={retargeting.data} />}
          {tab === 'events' && <Events data={retargeting.data} />}
        </Tabs>
      )}
    </AdminPage>
  );
}
