import { experienceLead } from '@curb/content';
import type { ReactNode } from 'react';
import { PageHero } from '@/components/layouts/page-hero';
import { useSiteContent } from '@/lib/site-content';
import styles from './experience-page.module.css';
import { ExperienceTimeline } from './experience-timeline';

/** The experience page; the audit and contact forms come from the route. */
export function ExperiencePage({
  onKeyword,
  auditForm,
  contactForm,
}: {
  onKeyword: (keyword: string) => void;
  auditForm: ReactNode;
  contactForm: ReactNode;
}) {
  const { career, figures, isSample } = useSiteContent();
  const highlights = [
    ...figures,
    ...(career.length ? [{ value: String(career.length), label: career.length === 1 ? 'Role' : 'Roles' }] : []),
  ];
  return (
    <>
      <PageHero title="Professional Experience" lead={isSample ? experienceLead.sample : experienceLead.owner}>
        {highlights.length > 0 && (
          <dl className={styles.metrics}>
            {highlights.map((metric) => (
              <div key={metric.label}>
                <dt>{metric.label}</dt>
                <dd>{metric.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </PageHero>
      {career.length > 0 && (
        <section className="container" aria-labelledby="timeline-title">
          <h2 id="timeline-title">Career Timeline</h2>
          <ExperienceTimeline items={career} onKeyword={onKeyword} />
        </section>
      )}
      <section className={styles.band} aria-labelledby="experience-audit-title">
        <div className={`container ${styles.split}`}>
          <div>
            <h2 id="experience-audit-title">Put this experience to work on your marketing</h2>
            <p className={styles.lead}>
              Request the free 15-point audit: a Growth Opportunities Report with 3-5 untapped revenue sources, in your inbox within 24
              hours.
            </p>
          </div>
          {auditForm}
        </div>
      </section>
      <section className={`container ${styles.contact}`} aria-label="Contact">
        {contactForm}
      </section>
    </>
  );
}
