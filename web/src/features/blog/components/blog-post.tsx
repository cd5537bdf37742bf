import { Link } from '@tanstack/react-router';
import type { PublishedPost } from '@curb/contracts/owner-content';
import { PageHero } from '@/components/layouts/page-hero';
import { imageSrcSet } from '@/lib/site-content';
import { formatDate } from './format-date';
import styles from './blog.module.css';

/** A published post, or the 'Post Not Found' screen for a slug with none. */
export function BlogPost({ post }: { post: PublishedPost | null }) {
  return post ? <Article post={post} /> : <PostNotFound />;
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

function Article({ post }: { post: PublishedPost }) {
  return (
    <article>
      <PageHero
        as="header"
        title={post.title}
        lead={post.excerpt}
        before={
          <>
            <Link to="/blog" className={styles.back}>
              ← Back to Blog
            </Link>
            <p className={styles.meta}>
              {post.category && `${post.category} · `}
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.readMinutes} min read
            </p>
          </>
        }
      >
        <ul className={styles.tags} aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </PageHero>
      <div className={`container ${styles.post}`}>
        {post.coverImage && (
          <img
            src={post.coverImage}
            srcSet={imageSrcSet(post.coverImage)}
            sizes="(max-width: 720px) 100vw, 720px"
            alt=""
            width="640"
            height="360"
            className={styles.postImage}
          />
        )}
        {/* Rendered from the owner's Markdown and sanitised by the server before it is stored in the bundle. */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: post.html }} data-testid="post-body" />
        <p>
          <Link to="/marketing-audit" className="button">
            Get Your Free Marketing Audit
          </Link>
        </p>
      </div>
    </article>
  );
}
