import { Link } from '@tanstack/react-router';
import { blogIntro } from '@curb/content';
import { formatDate } from './format-date';
import { PageHero } from '@/components/layouts/page-hero';
import { imageSrcSet, useSiteContent } from '@/lib/site-content';
import styles from './blog.module.css';

export function BlogList() {
  const { posts } = useSiteContent();
  return (
    <>
      <PageHero title={blogIntro.title} lead={blogIntro.lead} />
      <section className={`container ${styles.section}`} aria-label="Case studies">
        <ul className={styles.grid}>
          {posts.map((post) => (
            <li key={post.slug}>
              <Link to="/blog/$id" params={{ id: post.slug }} className={styles.card}>
                {post.coverImage && (
                  <img
                    src={post.coverImage}
                    srcSet={imageSrcSet(post.coverImage)}
                    sizes="(max-width: 720px) 100vw, 360px"
                    alt=""
                    width="640"
                    height="360"
                    loading="lazy"
                    decoding="async"
                    className={styles.cardImage}
                  />
                )}
                <span className={styles.cardBody}>
                  <span className={styles.meta}>
                    {post.category && `${post.category} · `}
                    <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.readMinutes} min read
                  </span>
                  <span className={styles.cardTitle}>{post.title}</span>
                  <span className={styles.excerpt}>{post.excerpt}</span>
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
