import type { CareerEntry } from '@curb/contracts/owner-content';
import { initialsOf } from '@curb/contracts/owner-content';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { KeywordChips } from '@/components/ui/keyword-chips';
import styles from './experience.module.css';

/** The career timeline (alternating sides); each role opens its details dialog. */
export function ExperienceTimeline({ items, onKeyword }: { items: readonly CareerEntry[]; onKeyword: (keyword: string) => void }) {
  const [selected, setSelected] = useState<CareerEntry | null>(null);
  return (
    <>
      <ol className={styles.timeline}>
        {items.map((job, index) => (
          // Roles have no identity of their own; the owner orders them.
          <li key={index} className={styles.entry} data-side={index % 2 === 0 ? 'left' : 'right'}>
            <article className={styles.card}>
              <div className={styles.cardHeader}>
                <span className={styles.logo} aria-hidden="true">
                  {initialsOf(job.company)}
                </span>
                <div>
                  <h3 className={styles.jobTitle}>{job.role}</h3>
                  <p className={styles.company}>{job.company}</p>
                  {(job.years || job.location) && <p className={styles.period}>{[job.years, job.location].filter(Boolean).join(' · ')}</p>}
                </div>
              </div>
              {job.description && <p className={styles.snippet}>{job.description}</p>}
              <button
                type="button"
                className="button button-outline"
                onClick={() => setSelected(job)}
                aria-label={`View Details: ${job.role}, ${job.company}`}
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
        title={selected ? selected.role : ''}
        description={selected?.company}
        size="lg"
        testId="experience-dialog"
      >
        {selected && <RoleDetails job={selected} onKeyword={onKeyword} onClose={() => setSelected(null)} />}
      </Dialog>
    </>
  );
}

function RoleDetails({ job, onKeyword, onClose }: { job: CareerEntry; onKeyword: (keyword: string) => void; onClose: () => void }) {
  return (
    <>
      {(job.years || job.location) && (
        <dl className={styles.facts}>
          {job.years && (
            <div>
              <dt>Years</dt>
              <dd>{job.years}</dd>
            </div>
          )}
          {job.location && (
            <div>
              <dt>Location</dt>
              <dd>{job.location}</dd>
            </div>
          )}
        </dl>
      )}
      {job.description && <p>{job.description}</p>}
      {job.achievements.length > 0 && (
        <>
          <h3 className={styles.subheading}>Achievements</h3>
          <ul className={styles.bullets}>
            {job.achievements.map((achievement) => (
              <li key={achievement}>{achievement}</li>
            ))}
          </ul>
        </>
      )}
      {job.skills.length > 0 && (
        <>
          <h3 className={styles.subheading}>Skills and tools</h3>
          <KeywordChips keywords={job.skills} onKeyword={onKeyword} />
        </>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
