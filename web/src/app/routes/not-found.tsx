import { Link, useRouter } from '@tanstack/react-router';
import { ShrugIllustration } from '../../components/ui/shrug-illustration';
import { personal } from '@curb/content';
import styles from './not-found.module.css';

export function NotFoundRoute() {
  const router = useRouter();
  return (
    <section className={`container ${styles.page}`}>
      <ShrugIllustration className={styles.illustration} />
      <h1 data-testid="not-found">This page isn’t on the market</h1>
      <p className={styles.message}>
        We looked in every room but couldn’t find the page you asked for. It may have moved, or the
        link may be mistyped. Let’s get you somewhere useful.
      </p>
      <div className={styles.actions}>
        <Link to="/" className="button">
          Go to Homepage
        </Link>
        <Link to="/marketing-audit" className="button button-outline">
          Free Marketing Audit
        </Link>
        <button type="button" className="button button-outline" onClick={() => router.history.back()}>
          Go Back
        </button>
      </div>
      <nav aria-labelledby="popular-pages" className={styles.popular}>
        <h2 id="popular-pages">Popular pages</h2>
        <ul>
          <li>
            <Link to="/" hash="about">
              About
            </Link>
          </li>
          <li>
            <Link to="/experience">Experience</Link>
          </li>
          <li>
            <Link to="/blog">Blog</Link>
          </li>
          <li>
            <Link to="/marketing-audit">Marketing Audit</Link>
          </li>
        </ul>
      </nav>
      <p className={styles.contact}>
        Still stuck? <a href={`mailto:${personal.email}`}>Email {personal.email}</a>
      </p>
    </section>
  );
}
