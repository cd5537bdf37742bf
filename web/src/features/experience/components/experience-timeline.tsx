import type { ExperienceItem } from '@curb/content';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './experience.module.css';
import { KeywordChips } from '@/components/ui/keyword-chips';

/** The career timeline (alternating sides); each job opens its details dialog. */
export function ExperienceTimeline({ items, onKeyword }: { items: readonly ExperienceItem[]; onKeyword: (keyword: string) => void }) {
  const [selected, setSelected] = useState<ExperienceItem | null>(null);
  return (
    <>
      <ol className={styles.timeline}>
        {items.map((job) => (
          <li key={job.id} className={styles.entry} data-side={job.side}>
            <article className={styles.card}>
              <div className={styles.cardHeader}>
                <span className={styles.logo} aria-hidden="true">
                  {job.logo}
                </span>
                <div>
                  <h3 className={styles.jobTitle}>{job.title}</h3>
                  <p className={styles.company}>{job.company}</p>
                  <p className={styles.period}>
                    {job.period} · {job.location}
                  </p>
                </div>
              </div>
              <p className={styles.snippet}>{job.snippet}</p>
              <button
                type="button"
                className="button button-outline"
                onClick={() => setSelected(job)}
                aria-label={`View Details: ${job.title}, ${job.company}`}
              >
                View Details
              </button>
            </article>
          </li>
        ))}
      </ol>
      <Dialog
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.title}` : ''}
        description={selected?.company}
        size="lg"
        testId="experience-dialog"
      >
        {selected && (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>Duration</dt>
                <dd>
                  {selected.duration} ({selected.period})
                </dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{selected.location}</dd>
              </div>
              <div>
                <dt>Employment type</dt>
                <dd>{selected.employmentType}</dd>
              </div>
              <div>
                <dt>Company size</dt>
                <dd>{selected.companySize}</dd>
              </div>
              <div>
                <dt>Industry</dt>
                <dd>{selected.industry}</dd>
              </div>
            </dl>
            <h3 className={styles.subheading}>Achievements</h3>
            <ul className={styles.bullets}>
              {selected.achievements.map((achievement) => (
                <li key={achievement}>{achievement}</li>
              ))}
            </ul>
            <h3 className={styles.subheading}>Key Metrics</h3>
            <dl className={styles.metrics}>
              {selected.keyMetrics.map((metric) => (
                <div key={metric.label}>
                  <dt>{metric.label}</dt>
                  <dd>{metric.value}</dd>
                </div>
              ))}
            </dl>
            <h3 className={styles.subheading}>Technologies</h3>
            <KeywordChips keywords={selected.technologies} onKeyword={onKeyword} />
            <div className={styles.actions}>
              <button type="button" className="button button-outline" onClick={() => setSelected(null)}>
                Close
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
