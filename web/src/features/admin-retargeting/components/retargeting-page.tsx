import { useEffect, useState } from 'react';
import { DEFAULT_PERIOD_DAYS, JOURNEY_LIMIT, type PeriodDays, type RetargetingResponse } from '@curb/contracts/analytics';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { BarChart } from '@/components/admin/bar-chart';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime, formatPercent } from '@/components/admin/format';
import { PeriodPicker } from '@/components/admin/period-picker';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { Tabs } from '@/components/admin/tabs';
import { useToast } from '@/components/ui/toast/use-toast';
import { useRetargeting } from '../api/get-retargeting';

const TABS = [
  { key: 'funnel', label: 'Conversion Funnel' },
  { key: 'journeys', label: 'User Journeys' },
  { key: 'sources', label: 'Traffic Sources' },
  { key: 'events', label: 'Event Details' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const STEP_LABELS: Record<string, string> = {
  page_view: 'Page view',
  popup_view: 'Popup view',
  form_start: 'Form start',
  form_submit: 'Form submit',
  email_open: 'E-mail open',
};

function Funnel({ data }: { data: RetargetingResponse }) {
  return (
    <>
      <StatGrid>
        <StatCard label="Unique Users" value={formatCount(data.totalUsers)} />
        <StatCard label="Identified Users" value={formatCount(data.identifiedUsers)} />
        <StatCard label="Conversion Rate" value={formatPercent(data.conversionRate)} hint="identified / unique users" />
      </StatGrid>
      <Panel title="Conversion Funnel">
        <BarChart
          title="Users reaching each step, in order (rate against the previous step)"
          data={data.funnelData.map((s) => ({
            label: `${s.step}. ${STEP_LABELS[s.event] ?? s.event}`,
            value: s.uniqueUsers,
            caption: `${formatCount(s.uniqueUsers)} (${formatPercent(s.rate)})`,
          }))}
        />
      </Panel>
    </>
  );
}

function Journeys({ data }: { data: RetargetingResponse }) {
  const journeys = data.userJourneys.slice(0, JOURNEY_LIMIT);
  if (journeys.length === 0) return <p className={styles.empty}>No visitor journeys in this period.</p>;
  return (
    <Panel title={`User Journeys (first ${JOURNEY_LIMIT})`}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Visitor</th>
              <th scope="col">Events</th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
              <th scope="col">Path</th>
            </tr>
          </thead>
          <tbody>
            {journeys.map((j) => (
              <tr key={j.sessionId}>
                <td>
                  {j.email ? <strong>{j.email}</strong> : <span className={styles.muted}>Anonymous</span>}
                  <br />
                  <small className={styles.muted}>{j.sessionId.slice(0, 12)}</small>
                </td>
                <td>{formatCount(j.totalEvents)}</td>
                <td>{formatDateTime(j.firstSeen)}</td>
                <td>{formatDateTime(j.lastSeen)}</td>
                <td>
                  <div className={styles.actions}>
                    {j.events.slice(0, 12).map((e, i) => (
                      <Badge key={`${e.timestamp}-${i}`} tone={e.event === 'form_submit' || e.event === 'email_open' ? 'green' : 'gray'}>
                        {e.event}
                      </Badge>
                    ))}
                    {j.events.length > 12 && <span className={styles.muted}>+{j.events.length - 12} more</span>}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Medium</th>
              <th scope="col">Campaign</th>
              <th scope="col">Referrer</th>
              <th scope="col">Sessions</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
          <tbody>
            {data.trafficSources.map((s, i) => (
              <tr key={`${s.utmSource}-${s.utmMedium}-${s.utmCampaign}-${s.referrer}-${i}`}>
                <td>{s.utmSource || '—'}</td>
                <td>{s.utmMedium || '—'}</td>
                <td>{s.utmCampaign || '—'}</td>
                <td>{s.referrer || '—'}</td>
                <td>{formatCount(s.sessions)}</td>
                <td>{formatCount(s.events)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

function Events({ data }: { data: RetargetingResponse }) {
  if (data.eventDetails.length === 0) return <p className={styles.empty}>No events in this period.</p>;
  return (
    <Panel title="Event Details">
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Source</th>
              <th scope="col">Count</th>
              <th scope="col">Unique users</th>
            </tr>
          </thead>
          <tbody>
            {data.eventDetails.map((e, i) => (
              <tr key={`${e.event}-${e.source}-${i}`}>
                <td>{e.event}</td>
                <td>{e.source}</td>
                <td>{formatCount(e.count)}</td>
                <td>{formatCount(e.uniqueUsers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
