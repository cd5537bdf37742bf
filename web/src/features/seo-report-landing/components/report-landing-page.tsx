import { Link } from '@tanstack/react-router';
import { reportLandingPage } from '@curb/content';
import { useEffect } from 'react';
import { PageHero } from '@/components/layouts/page-hero';
import { useSiteContent } from '@/lib/site-content';
import styles from './report-landing.module.css';

/** The real estate marketing report landing page; a funnel gives its headline, copy and call to action. */
export function ReportLandingPage({
  headline = reportLandingPage.heroTitle,
  copy = reportLandingPage.heroLead,
  ctaText = reportLandingPage.heroButton,
}: {
  headline?: string;
  copy?: string;
  ctaText?: string;
}) {
  // The page scrolls to the top when it loads.
  // A block, not an arrow's value: Chromium's scrollTo now answers a promise, which React took
  // for the effect's cleanup and called on leaving the page ("l is not a function"): the next
  // page showed the router's error screen instead, with no title.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const page = reportLandingPage;
  // The first of the owner's testimonials; none, no section.
  const testimonial = useSiteContent().testimonials[0];
  return (
    <>
      <PageHero title={headline} lead={copy} funnelCopy>
        <div className={styles.actions}>
          <Link to="/marketing-audit" className="button" data-funnel-copy="cta">
            {ctaText}
          </Link>
          {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler only smooths the scroll */}
          <a
            href="#sample"
            className="button button-outline"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById('sample')?.scrollIntoView({ behavior: 'smooth' });
            }}
          >
            View Sample Report
          </a>
        </div>
        <dl className={styles.stats}>
          {page.stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>
      <section className={`container ${styles.section}`} aria-labelledby="areas-title">
        <h2 id="areas-title">{page.areasTitle}</h2>
        <ul className={styles.areas}>
          {page.areas.map((area) => (
            <li key={area.title} className={styles.area}>
              <h3>{area.title}</h3>
              <p>{area.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="sample" className={`container ${styles.section}`} aria-labelledby="sample-title">
        <h2 id="sample-title">{page.sampleTitle}</h2>
        <p className={styles.muted}>{page.sampleBusiness}</p>
        <ul className={styles.sample}>
          {page.sample.map((row) => (
            <li key={row.metric}>
              <span className={styles.metric}>{row.metric}</span>
              <span className={styles.value}>{row.value}</span>
              <span className={styles.status} data-status={row.status}>
                {row.status}
              </span>
            </li>
          ))}
        </ul>
        <div className={styles.cta}>
          <h2>{page.ctaTitle}</h2>
          <Link to="/marketing-audit" className="button">
            {page.ctaButton}
          </Link>
        </div>
      </section>
      {testimonial && (
        <section className={styles.testimonial} aria-label="Testimonial">
          <figure className="container">
            <blockquote>“{testimonial.quote}”</blockquote>
            <figcaption>
              — {testimonial.author}
              {testimonial.role && `, ${testimonial.role}`}
            </figcaption>
          </figure>
        </section>
      )}
    </>
  );
}
