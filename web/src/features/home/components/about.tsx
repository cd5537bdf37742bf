import { certifications, personal } from '@curb/content';
import styles from './sections.module.css';

/** Spec: the four metric cards of the about section. */
const ABOUT_METRICS = [
  { value: '15+', label: 'Years Experience' },
  { value: '$75M+', label: 'Transaction Volume' },
  { value: '30%', label: 'Efficiency Improvement' },
  { value: '35%', label: 'Brand Awareness Growth' },
] as const;

export function About() {
  return (
    <section id="about" className={styles.section} aria-labelledby="about-title">
      <div className="container">
        <h2 id="about-title">About Me</h2>
        <div className={styles.aboutGrid}>
          <div>
            {personal.biography.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
          <div>
            <ul className={styles.metricCards}>
              {ABOUT_METRICS.map((metric) => (
                <li key={metric.label} className={styles.metricCard}>
                  <span className={styles.metricValue}>{metric.value}</span>
                  <span className={styles.metricLabel}>{metric.label}</span>
                </li>
              ))}
            </ul>
            <h3 className={styles.subheading}>Certifications</h3>
            <ul className={styles.certifications}>
              {certifications.map((certification) => (
                <li key={certification.text}>{certification.text}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
