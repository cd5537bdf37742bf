import { hasAboutSection } from '@curb/content';
import { useSiteContent } from '@/lib/site-content';
import styles from './sections.module.css';

export function About() {
  const content = useSiteContent();
  const { profile, figures } = content;
  if (!hasAboutSection(content)) return null;
  return (
    <section id="about" className={styles.section} aria-labelledby="about-title">
      <div className="container">
        <h2 id="about-title">About Me</h2>
        <div className={styles.aboutGrid}>
          <div>
            {profile.biography.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <div>
            {figures.length > 0 && (
              <ul className={styles.metricCards} aria-label="Headline figures">
                {figures.map((figure) => (
                  <li key={figure.label} className={styles.metricCard} data-testid="headline-figure">
                    <span className={styles.metricValue}>{figure.value}</span>
                    <span className={styles.metricLabel}>{figure.label}</span>
                  </li>
                ))}
              </ul>
            )}
            {profile.licence && (
              <>
                <h3 className={styles.subheading}>Licence</h3>
                <ul className={styles.certifications}>
                  <li>{profile.licence}</li>
                </ul>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
