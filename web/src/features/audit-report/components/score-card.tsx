import { scoreBasisLine, type ScoreDetail } from '@curb/contracts/audit';
import { scoreTone } from '../utils/levels';
import styles from './audit-report.module.css';
import { Badge, Bar } from './report-bits';

const IMPACT_TONE = { High: 'red', Medium: 'amber', Low: 'green' } as const;

/** One of the six expandable cards: score, percent, impact, reasoning, benchmarks, action items. */
export function ScoreCard({ id, detail, open, onToggle }: { id: string; detail: ScoreDetail; open: boolean; onToggle: () => void }) {
  const pct = Math.round((detail.score / (detail.maxScore || 100)) * 100);
  const tone = scoreTone(pct);
  // Nothing behind the score was measured: no score is shown rather than a number.
  const unmeasured = detail.basis?.measured === 0;
  const basis = scoreBasisLine(detail.basis);
  return (
    <article id={id} className={styles.scoreCard} data-testid={id}>
      <button type="button" className={styles.scoreCardHead} onClick={onToggle} aria-expanded={open} aria-controls={`${id}-body`}>
        <span className={styles.scoreCardTitle}>{detail.metric}</span>
        {unmeasured ? (
          <span data-testid={`${id}-not-measured`}>Not measured</span>
        ) : (
          <>
            <span>
              <strong>{detail.score}</strong>/{detail.maxScore}
            </span>
            <Badge tone={tone} testId={`${id}-percent`}>
              {pct}%
            </Badge>
          </>
        )}
        <Badge tone={IMPACT_TONE[detail.impact]}>{detail.impact} Impact</Badge>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div className={styles.scoreCardBody}>
        {!unmeasured && <Bar value={pct} tone={tone} label={`${detail.metric} score`} />}
        {basis && (
          <p className={styles.muted} data-testid={`${id}-basis`}>
            {basis}
          </p>
        )}
        {open && (
          <div id={`${id}-body`}>
            <h4>Why This Score?</h4>
            <p>{detail.reasoning}</p>
            {detail.benchmarks && (
              <>
                <h4>Industry Benchmarks</h4>
                <dl className={styles.facts}>
                  <div>
                    <dt>Industry average</dt>
                    <dd>{detail.benchmarks.industry}</dd>
                  </div>
                  <div>
                    <dt>Top performers</dt>
                    <dd>{detail.benchmarks.topPerformers}</dd>
                  </div>
                  <div>
                    <dt>Your score</dt>
                    <dd>{detail.score}</dd>
                  </div>
                </dl>
              </>
            )}
            <h4>Action Items</h4>
            <ul className={styles.list}>
              {detail.recommendations.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}
