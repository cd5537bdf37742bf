import type { Funnel } from '@curb/contracts/analytics';
import { Dialog } from '@/components/admin/dialog';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime, formatPercent } from '@/components/admin/format';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { useFunnelAnalytics } from '../api/funnels';

/** Spec: total submissions, this month, conversion rate, average score and the latest 10 submissions. */
export function FunnelAnalyticsDialog({ funnel, onClose }: { funnel: Funnel; onClose: () => void }) {
  const analytics = useFunnelAnalytics(funnel.id);
  const data = analytics.data;
  return (
    <Dialog title={`${funnel.name} Analytics`} onClose={onClose}>
      {analytics.isPending ? (
        <LoadingView />
      ) : !data ? (
        <ErrorView message="Failed to fetch analytics" onRetry={() => void analytics.refetch()} />
      ) : (
        <div className={styles.form}>
          <StatGrid>
            <StatCard label="Total Submissions" value={formatCount(data.totalSubmissions)} />
            <StatCard label="This Month" value={formatCount(data.recentSubmissions)} />
            <StatCard label="Conversion Rate" value={formatPercent(data.conversionRate)} />
            <StatCard label="Average Score" value={data.averageScore === null ? '—' : Math.round(data.averageScore)} />
          </StatGrid>
          <h3>Latest Submissions</h3>
          {data.submissions.length === 0 ? (
            <p className={styles.empty}>No submissions yet.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Submitted</th>
                  </tr>
                </thead>
                <tbody>
                  {data.submissions.slice(0, 10).map((s) => (
                    <tr key={`${s.email}-${s.submittedAt}`}>
                      <td>{s.businessName || [s.firstName, s.lastName].filter(Boolean).join(' ') || '—'}</td>
                      <td>{s.email}</td>
                      <td>{formatDateTime(s.submittedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
