import { useCallback, useState } from 'react';
import { IN_OUTBOX_BADGE, type MarketingAuditRecord } from '@curb/contracts/admin';
import type { ListFilter } from '@curb/contracts/privacy';
import { AdminPage, Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatPercent } from '@/components/admin/format';
import { ListFilterBar } from '@/components/admin/list-filter-bar';
import { RATES } from '@/components/admin/rates';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { Pagination } from '@/components/ui/pagination';
import { leadsCsvUrl, useMarketingAudits } from '../api/get-marketing-audits';
import { AuditPreviewDialog } from './audit-preview-dialog';
import { AuditsTable } from './audits-table';
import { LeadJourneyDialog } from './lead-journey-dialog';
import { MailSetupPanel } from './mail-setup-panel';
import { OutboxPanel } from './outbox-panel';

/** The rest, said as the rows' badge says it: "3 in outbox — not sent". */
const notSentHint = (inOutbox: number, refused: number) =>
  [
    inOutbox > 0 ? `${formatCount(inOutbox)} ${IN_OUTBOX_BADGE.toLowerCase()}` : '',
    refused > 0 ? `${formatCount(refused)} refused by the recipient's server` : '',
  ]
    .filter(Boolean)
    .join(', ') || undefined;

export function MarketingAuditsPage() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ListFilter>({});
  const [preview, setPreview] = useState<MarketingAuditRecord | null>(null);
  const [journey, setJourney] = useState<MarketingAuditRecord | null>(null);
  const audits = useMarketingAudits(page, filter);
  const filtered = Boolean(filter.q || filter.from || filter.to);
  const applyFilter = useCallback((next: ListFilter) => {
    setFilter(next);
    setPage(1);
  }, []);
  const data = audits.data;
  const onPreview = useCallback((audit: MarketingAuditRecord) => setPreview(audit), []);
  const onJourney = useCallback((audit: MarketingAuditRecord) => setJourney(audit), []);

  return (
    <AdminPage
      title="Marketing Audits"
      description="Every audit request, with the delivery, opening and viewing of its report."
      actions={
        <button type="button" className="button button-outline" onClick={() => void audits.refetch()} disabled={audits.isFetching}>
          {audits.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      }
    >
      {data && (
        <StatGrid>
          <StatCard label="Total Audits" value={formatCount(data.total)} />
          {/* Only what the mail API or SMTP server took: a mail in the outbox folder reached nobody. */}
          <StatCard label="Emails Sent" value={formatCount(data.emailsSent)} hint={notSentHint(data.emailsInOutbox, data.emailsRefused)} />
          <StatCard label="Emails Delivered" value={formatCount(data.emailsDelivered)} />
          {/* The rows whose Views is above 0, so the card and the list agree; the returns are the conversions. */}
          <StatCard
            label="Reports Viewed"
            value={formatCount(data.reportsViewed)}
            hint={`${formatCount(data.reportsReturned)} came back to it later`}
          />
          <StatCard label={RATES.reportReturns.label} value={formatPercent(data.conversionRate)} hint={RATES.reportReturns.hint} />
        </StatGrid>
      )}

      {data && data.total > data.emailsSent && <MailSetupPanel unsent={data.total - data.emailsSent} inOutbox={data.emailsInOutbox} />}

      <Panel
        title="Recent Marketing Audits"
        actions={
          // The leads behind the audits as a spreadsheet-safe CSV file; with a filter on, the owner
          // picks the filtered leads or all of them, and each link says which it is.
          <div className={styles.actions}>
            {filtered && (
              <a className={`button button-outline ${styles.smallButton}`} href={leadsCsvUrl(filter)} download data-testid="csv-filtered">
                Download filtered leads (CSV)
              </a>
            )}
            <a className={`button button-outline ${styles.smallButton}`} href={leadsCsvUrl({})} download data-testid="csv-all">
              Download all leads (CSV)
            </a>
          </div>
        }
      >
        <ListFilterBar filter={filter} onApply={applyFilter} label="Filter the audits" searchLabel="Business, e-mail or website" />
        {audits.isPending ? (
          <LoadingView label="Loading audits..." />
        ) : audits.isError && !data ? (
          <ErrorView message="Failed to fetch analytics" onRetry={() => void audits.refetch()} />
        ) : data && data.recent.length === 0 && data.total === 0 ? (
          <p className={styles.empty}>No marketing audits yet. Share your marketing audit tool to start generating leads!</p>
        ) : data && data.recent.length === 0 && filtered ? (
          <p className={styles.empty}>No audit matches these filters.</p>
        ) : (
          data && (
            <>
              {audits.isError && (
                <p role="alert" className={styles.muted}>
                  Failed to fetch analytics. Showing the last list loaded.
                </p>
              )}
              <AuditsTable audits={data.recent} onPreview={onPreview} onJourney={onJourney} />
              <Pagination
                currentPage={data.pagination.currentPage}
                totalPages={data.pagination.totalPages}
                onPageChange={setPage}
                isLoading={audits.isPlaceholderData}
                label="Audit pages"
              />
            </>
          )
        )}
      </Panel>

      <OutboxPanel />

      {preview && <AuditPreviewDialog audit={preview} onClose={() => setPreview(null)} />}
      {journey && <LeadJourneyDialog audit={journey} onClose={() => setJourney(null)} />}
    </AdminPage>
  );
}
