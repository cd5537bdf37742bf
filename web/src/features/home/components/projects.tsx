import { Link } from '@tanstack/react-router';
import styles from './sections.module.css';
import { showcaseOf } from './showcase';
import { KeywordChips } from '@/components/ui/keyword-chips';
import { imageSrcSet, useSiteContent } from '@/lib/site-content';

/** Key metrics and major projects (anchor "achievements"); tags open the keyword dialog. */
export function Projects({ onKeyword }: { onKeyword: (keyword: string) => void }) {
  const { metrics, projects } = showcaseOf(useSiteContent());
  if (!metrics.length && !projects.length) return null;
  return (
    <section id="achievements" className={styles.section} aria-labelledby="achievements-title">
      <div className="container">
        <h2 id="achievements-title">Achievements &amp; Projects</h2>
        {metrics.length > 0 && (
          <>
            <h3 className={styles.subheading}>Key Metrics</h3>
            <ul className={styles.achievementGrid}>
              {metrics.map((achievement) => (
                <li key={achievement.title} className={styles.achievementCard}>
                  <span className={styles.badge}>{achievement.category}</span>
                  <span className={styles.metricValue}>{achievement.value}</span>
                  <span className={styles.cardTitle}>{achievement.title}</span>
                  <span className={styles.cardText}>{achievement.description}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {projects.length > 0 && (
          <>
            <h3 className={styles.subheading}>Major Projects</h3>
            <ul className={styles.projectGrid}>
              {projects.map((project) => (
                <li key={project.slug} className={styles.projectCard}>
                  {project.image && (
                    <img
                      src={project.image}
                      srcSet={imageSrcSet(project.image)}
                      sizes={imageSrcSet(project.image) ? '(max-width: 768px) 100vw, 640px' : undefined}
                      alt=""
                      width="640"
                      height="360"
                      loading="lazy"
                      decoding="async"
                      className={styles.projectImage}
                    />
                  )}
                  <div className={styles.projectBody}>
                    <h4 className={styles.cardTitle}>{project.title}</h4>
                    <p className={styles.cardText}>{project.description}</p>
                    {project.metrics.length > 0 && (
                      <dl className={styles.projectMetrics}>
                        {project.metrics.map((metric) => (
                          <div key={metric.label}>
                            <dt>{metric.label}</dt>
                            <dd>{metric.value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {project.tags.length > 0 && <KeywordChips keywords={project.tags} onKeyword={onKeyword} label="Tags" />}
                    <Link
                      to="/blog/$id"
                      params={{ id: project.slug }}
                      className={`button ${styles.readMore}`}
                      aria-label={`Read Case Study: ${project.title}`}
                    >
                      Read Case Study
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
