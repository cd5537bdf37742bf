import { longTermPlan, MEDIUM_TERM_PLAN } from '@curb/content';
import type { AuditReport, Recommendation } from '@curb/contracts/audit';
import { useOwner } from '@/lib/site-content';
import { trackConsultation } from '@/lib/tracking';
import styles from './audit-report.module.css';
import { Badge, Fact, Section } from './report-bits';

/** Shown when the audit found no high-priority item (SSL/security and speed/mobile: the two
 *  that matter to every site), so the section is never empty. */
export const FALLBACK_QUICK_WINS: Array<Pick<Recommendation, 'title' | 'description' | 'timeToComplete' | 'costEstimate'>> = [
  {
    title: 'Secure the site with SSL',
    description: 'Keep HTTPS on every page, redirect http:// to https:// and renew the certificate automatically.',
    timeToComplete: '1 day',
    costEstimate: '$0 - $150',
  },
  {
    title: 'Optimize speed and mobile experience',
    description: 'Compress images, defer scripts and check every page on a phone.',
    timeToComplete: '1-2 weeks',
    costEstimate: '$200 - $1,500',
  },
];

const PRIORITY_TONE = { High: 'red', Medium: 'amber', Low: 'grey' } as const;

export function ActionsSection({ report }: { report: AuditReport }) {
  const high = report.recommendations.filter((r) => r.priority === 'High');
  const quickWins = high.length
    ? high
    : FALLBACK_QUICK_WINS.map((r) => ({ ...r, priority: 'High' as const, roi: 'High', impact: '', category: 'Technical' as const }));
  const inv = report.investmentAnalysis;
  const profile = useOwner();
  const subject = encodeURIComponent(`Strategy call: ${report.businessName}`);
  const body = encodeURIComponent(
    `I would like to schedule a strategy call about my Growth Opportunities Report (` +
      `${typeof window === 'undefined' ? '' : window.location.href}).`,
  );
  return (
    <>
      <Section id="quick-wins" title="Quick Wins (0-30 days)">
        <div data-testid="quick-wins">
          {quickWins.map((r, i) => (
            <div key={i} className={styles.profile} style={{ marginBottom: 12 }}>
              <div className={styles.profileHead}>
                <strong>{r.title}</strong>
                <Badge tone={PRIORITY_TONE[r.priority]}>{r.priority} priority</Badge>
              </div>
              <p>{r.description}</p>
              <p className={styles.muted}>
                {r.timeToComplete} · {r.costEstimate}
                {r.roi ? ` · ROI ${r.roi}` : ''}
              </p>
            </div>
          ))}
        </div>
        {report.actionPlan.immediate.length > 0 && (
          <>
            <h3>From your audit</h3>
            <ul className={styles.list}>
              {report.actionPlan.immediate.map((x, i) => (
                <li key={i}>{x}</li>
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section id="medium-term" title="Medium Term (1-3 months)">
        <ul className={styles.list}>
          {[...report.actionPlan.shortTerm, ...MEDIUM_TERM_PLAN].map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      </Section>
      <Section id="long-term" title="Long Term (3+ months)">
        <ul className={styles.list} data-testid="long-term-plan">
          {[...report.actionPlan.longTerm, ...longTermPlan(report.websiteData.location)].map((x, i) => (
            <li key={i}>{x}</li>
          ))}
        </ul>
      </Section>
      <Section id="investment" title="Investment & ROI">
        <dl className={styles.facts}>
          <Fact label="Estimated cost">{inv.estimatedCost}</Fact>
          <Fact label="Timeframe">{inv.timeframe}</Fact>
          <Fact label="Expected ROI">{inv.expectedROI}</Fact>
          <Fact label="Risk level">{inv.riskLevel}</Fact>
        </dl>
        <div className={styles.cta}>
          <a
            className="button"
            // The owner's booking page when they have one; otherwise a mail to them.
            href={profile.bookingUrl || `mailto:${profile.email}?subject=${subject}&body=${body}`}
            {...(profile.bookingUrl ? { target: '_blank', rel: 'noopener' } : {})}
            onClick={() => trackConsultation('initiated')}
            data-testid="schedule-call"
          >
            Schedule Strategy Call
          </a>
          <button type="button" className="button button-outline" onClick={() => window.print()} data-testid="download-report">
            Download Report
          </button>
        </div>
      </Section>
    </>
  );
}
