import { Link } from '@tanstack/react-router';
import { findCaseStudy, type CaseStudy } from '@curb/content';
import { formatDate } from './format-date';
import { PageHero } from '@/components/layouts/page-hero';
import styles from './blog.module.css';

/** A case study, or the 'Post Not Found' screen for an unknown id. */
export function BlogPost({ id }: { id: string }) {
  const study = findCaseStudy(id);
  return study ? <Article study={study} /> : <PostNotFound />;
}

function PostNotFound() {
  return (
    <section className={`container ${styles.notFound}`} data-testid="post-not-found">
      <h1>Post Not Found</h1>
      <p>The case study you’re looking for doesn’t exist or has moved.</p>
      <Link to="/blog" className="button">
        Back to Blog
      </Link>
    </section>
  );
}

function Article({ study }: { study: CaseStudy }) {
  return (
    <article>
      <PageHero
        as="header"
        title={study.title}
        lead={study.excerpt}
        before={
          <>
            <Link to="/blog" className={styles.back}>
              ← Back to Blog
            </Link>
            <p className={styles.meta}>
              {study.category} · <time dateTime={study.date}>{formatDate(study.date)}</time> · {study.readTime}
            </p>
          </>
        }
      >
        <ul className={styles.tags} aria-label="Tags">
          {study.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </PageHero>
      <div className={`container ${styles.post}`}>
        <img src={study.image} alt={`${study.title} illustration`} width="640" height="360" className={styles.postImage} />
        <div className={styles.summary}>
          <section className={styles.summaryCard} aria-labelledby="challenge">
            <h2 id="challenge">Challenge</h2>
            <p>{study.challenge}</p>
          </section>
          <section className={styles.summaryCard} aria-labelledby="solution">
            <h2 id="solution">Solution</h2>
            <p>{study.solution}</p>
          </section>
          <section className={styles.summaryCard} aria-labelledby="outcome">
            <h2 id="outcome">Outcome</h2>
            <p>{study.outcome}</p>
          </section>
        </div>
        {study.content.map((block) =>
          block.type === 'section' ? (
            <section key={block.title} className={styles.block}>
              <h2>{block.title}</h2>
              <p>{block.content}</p>
            </section>
          ) : (
            <section key={block.title} className={styles.block}>
              <h2>{block.title}</h2>
              <dl className={styles.metricGrid}>
                {block.metrics.map((metric) => (
                  <div key={metric.label} className={styles.metric}>
                    <dt>{metric.label}</dt>
                    <dd>
                      <span className={styles.metricValue}>{metric.value}</span>
                      <span className={styles.metricDescription}>{metric.description}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ),
        )}
        <p>
          <Link to="/marketing-audit" className="button">
            Get Your Free Marketing Audit
          </Link>
        </p>
      </div>
    </article>
  );
}
