import { useState } from 'react';
import type { ExpertiseCard } from '@curb/contracts/owner-content';
import { useSiteContent } from '@/lib/site-content';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './sections.module.css';
import { KeywordChips } from '@/components/ui/keyword-chips';

/** The expertise grid (anchor "skills"); a card opens its details, a tool chip the keyword dialog. */
export function Skills({ onKeyword }: { onKeyword: (keyword: string) => void }) {
  const [selected, setSelected] = useState<ExpertiseCard | null>(null);
  const { expertise } = useSiteContent();
  return (
    <section id="skills" className={`${styles.section} ${styles.muted}`} aria-labelledby="skills-title">
      <div className="container">
        <h2 id="skills-title">Areas of Expertise</h2>
        <ul className={styles.skillGrid}>
          {expertise.map((skill) => (
            <li key={skill.title}>
              <button type="button" className={styles.skillCard} onClick={() => setSelected(skill)}>
                <span className={styles.cardTitle}>{skill.title}</span>
                <span className={styles.cardText}>{skill.description}</span>
                <span className={styles.hint}>Click for details</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <Dialog
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={selected?.title ?? ''}
        description={selected?.description}
        size="lg"
        testId="skill-modal"
      >
        {selected && (
          <>
            <h3 className={styles.subheading}>Tools</h3>
            <KeywordChips keywords={selected.tools} onKeyword={onKeyword} />
            <h3 className={styles.subheading}>Key Achievements</h3>
            <ul className={styles.bullets}>
              {selected.achievements.map((achievement) => (
                <li key={achievement}>{achievement}</li>
              ))}
            </ul>
            <h3 className={styles.subheading}>Experience Overview</h3>
            <p>{selected.experience}</p>
            <div className={styles.dialogActions}>
              <button type="button" className="button button-outline" onClick={() => setSelected(null)}>
                Close
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
