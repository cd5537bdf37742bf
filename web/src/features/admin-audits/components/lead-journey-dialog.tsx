import type { MarketingAuditRecord } from '@curb/contracts/admin';
import type { JourneyMilestone, JourneyVisit, Touch } from '@curb/contracts/traffic-attribution';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatDateTime } from '@/components/admin/format';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useLeadJourney } from '../api/get-lead-journey';
import styles from './lead-journey-dialog.module.css';

const MILESTONES: Record<JourneyMilestone['kind'], string> = {
  lead: 'Became a lead',
  audit_requested: 'Requested an audit',
  email_open: 'Opened the report e-mail',
  report_view: 'Viewed the report',
  consultation_initiated: 'Started booking a consultation',
  consultation_booked: 'Booked a consultation',
};

/** Where a visit came from, in words: "Organic Search (www.google.com)", "Email: spring (newsletter)". */
function origin(t: Touch): string {
  const detail = [t.utmCampaign && `campaign ${t.utmCampaign}`, t.source !== 'Direct / None' && t.source].filter(Boolean).join(', ');
  return detail ? `${t.channel} (${detail})` : t.channel;
}

type Entry = { at: string; visit: JourneyVisit } | { at: string; milestone: JourneyMilestone };

/** A lead's path to us and after: the first visit's source and landing page, each visit with its pages, and their own steps. */
export function LeadJourneyDialog({ audit, onClose }: { audit: MarketingAuditRecord; onClose: () => void }) {
  const journey = useLeadJourney(audit.id);
  const data = journey.data;
  const entries: Entry[] = data
    ? [
        ...data.visits.map((visit) => ({ at: visit.startedAt, visit })),
        ...data.milestones.map((milestone) => ({ at: milestone.at, milestone })),
      ].sort((a, b) => a.at.localeCompare(b.at))
    : [];
  return (
    <Dialog open variant="panel" title={`Journey: ${audit.businessName}`} onClose={onClose} testId="lead-journey">
      {journey.isPending ? (
        <LoadingView label="Loading the journey..." />
      ) : journey.isError || !data ? (
        <ErrorView message="The journey could not be loaded." onRetry={() => void journey.refetch()} />
      ) : (
        <>
          <dl className={styles.summary}>
            <dt>First visit</dt>
            <dd>
              {data.firstTouch ? `${formatDateTime(data.firstTouch.startedAt)}, ${origin(data.firstTouch)}` : 'No visit was recorded'}
            </dd>
            <dt>Landing page</dt>
            <dd>{data.firstTouch?.landingPage ?? '—'}</dd>
            <dt>Visits</dt>
            <dd>{data.visits.length}</dd>
          </dl>
          {entries.length === 0 ? (
            <p className={adminStyles.empty}>
              Nothing recorded for this lead: their browser sent no tracking (refused consent or a blocker), or their data was erased.
            </p>
          ) : (
            <ol className={styles.timeline} aria-label="Journey, oldest first">
              {entries.map((entry) =>
                'visit' in entry ? (
                  <li key={`v-${entry.at}`} className={styles.item}>
                    <span className={styles.when}>{formatDateTime(entry.at)}</span>
                    <span>Visit from {origin(entry.visit)}</span>
                    <ol className={styles.pages} aria-label="Pages of this visit">
                      {entry.visit.pages.map((page) => (
                        <li key={page.at}>{page.path}</li>
                      ))}
                    </ol>
                  </li>
                ) : (
                  <li key={`m-${entry.milestone.kind}-${entry.at}`} className={styles.item}>
                    <span className={styles.when}>{formatDateTime(entry.at)}</span>
                    <span className={styles.step}>{MILESTONES[entry.milestone.kind]}</span>
                    {entry.milestone.kind === 'audit_requested' && entry.milestone.detail && ` for ${entry.milestone.detail}`}
                  </li>
                ),
              )}
            </ol>
          )}
        </>
      )}
    </Dialog>
  );
}
