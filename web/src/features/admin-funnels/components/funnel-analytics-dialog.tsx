import { createColumnHelper } from '@tanstack/react-table';
import type { Funnel, FunnelAnalyticsResponse } from '@curb/contracts/analytics';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime, formatPercent } from '@/components/admin/format';
import { funnelRate } from '@/components/admin/rates';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { DataTable } from '@/components/ui/data-table';
import { useFunnelAnalytics } from '../api/funnels';

const column = createColumnHelper<FunnelAnalyticsResponse['submissions'][number]>();
const SUBMISSION_COLUMNS = [
  column.accessor((s) => s.businessName || [s.firstName, s.lastName].filter(Boolean).join(' ') || '—', { id: 'name', header: 'Name' }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('submittedAt', { header: 'Submitted', cell: (c) => formatDateTime(c.getValue()) }),
];

/** Total submissions, this month, conversion rate, average score and the latest 10 submissions. */
export function FunnelAnalyticsDialog({ funnel, onClose }: { funnel: Funnel; onClose: () => void }) {
  const analytics = useFunnelAnalytics(funnel.id);
  const data = analytics.data;
  return (
    <Dialog open variant="panel" title={`${funnel.name} Analytics`} onClose={onClose}>
      {analytics.isPending ? (
        <LoadingView />
      ) : !data ? (
        <ErrorView message="Failed to fetch analytics" onRetry={() => void analytics.refetch()} />
      ) : (
        <div className={styles.form}>
          <StatGrid>
            <StatCard label="Total Submissions" value={formatCount(data.totalSubmissions)} />
            <StatCard label="This Month" value={formatCount(data.recentSubmissions)} />
            <StatCard
              label={funnelRate(data.conversionEvent).label}
              value={formatPercent(data.conversionRate)}
              hint={funnelRate(data.conversionEvent).hint}
            />
            <StatCard label="Average Score" value={data.averageScore === null ? '—' : Math.round(data.averageScore)} />
          </StatGrid>
          <h3>Latest Submissions</h3>
          {data.submissions.length === 0 ? (
            <p className={styles.empty}>No submissions yet.</p>
          ) : (
            <DataTable data={data.submissions.slice(0, 10)} columns={SUBMISSION_COLUMNS} />
          )}
        </div>
      )}
    </Dialog>
  );
}
