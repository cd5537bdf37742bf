import { Link } from '@tanstack/react-router';
import { blogIntro, caseStudies } from '@curb/content';
import { formatDate } from './format-date';
import { PageHero } from '@/components/layouts/page-hero';
import styles from './blog.module.css';

export function BlogList() {
  return (
    <>
      <PageHero title={blogIntro.title} lead={blogIntro.lead} />
      <section className={`container ${styles.section}`} aria-label="Case studies">
        <ul className={styles.grid}>
          {caseStudies.map((study) => (
            <li key={study.id}>
              <Link to="/blog/$id" params={{ id: study.id }} className={styles.card}>
                <img src={study.image} alt="" width="640" height="360" loading="lazy" decoding="async" className={styles.cardImage} />
                <span className={styles.cardBody}>
                  <span className={styles.meta}>
                    {study.category} · <time dateTime={study.date}>{formatDate(study.date)}</time> · {study.readTime}
                  </span>
                  <span className={styles.cardTitle}>{study.title}</span>
                  <span className={styles.excerpt}>{study.excerpt}</span>
                  <span className={styles.more}>Read case study →</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
