import { Link, useRouter } from '@tanstack/react-router';
import { notFoundPage } from '@curb/content';
import { useOwner } from '@/lib/site-content';
import { ShrugIllustration } from '@/components/ui/shrug-illustration';
import styles from './not-found.module.css';

export function NotFoundRoute() {
  const router = useRouter();
  const profile = useOwner();
  return (
    <section className={`container ${styles.page}`}>
      <ShrugIllustration className={styles.illustration} />
      <h1 data-testid="not-found">{notFoundPage.title}</h1>
      <p className={styles.message}>{notFoundPage.message}</p>
      <div className={styles.actions}>
        <Link to="/" className="button">
          Go to Homepage
        </Link>
        <Link to="/marketing-audit" className="button button-outline">
          Free Marketing Audit
        </Link>
        <Link to="/chat" className="button button-outline" data-testid="not-found-chat">
          Ask the Assistant
        </Link>
        <button type="button" className="button button-outline" onClick={() => router.history.back()}>
          Go Back
        </button>
      </div>
      <nav aria-labelledby="popular-pages" className={styles.popular}>
        <h2 id="popular-pages">Popular pages</h2>
        <ul>
          {notFoundPage.popularPages.map((page) => (
            <li key={page.label}>
              {'hash' in page ? (
                <Link to={page.to} hash={page.hash}>
                  {page.label}
                </Link>
              ) : (
                <Link to={page.to}>{page.label}</Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.contact}>
        Still stuck? <a href={`mailto:${profile.email}`}>Email {profile.email}</a>
      </p>
    </section>
  );
}
