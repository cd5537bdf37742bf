import { servicesIntro } from '@curb/content';
import type { ReactNode } from 'react';
import { PageHero } from '@/components/layouts/page-hero';
import { useSiteContent } from '@/lib/site-content';
import styles from './services.module.css';

/** The services page; `auditForm` is the inline audit form shown near the bottom. */
export function ServicesPage({ auditForm }: { auditForm: ReactNode }) {
  const { profile, services } = useSiteContent();
  const scrollToBottom = () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  return (
    <>
      <PageHero title={servicesIntro.title} lead={servicesIntro.lead} />
      <section className={`container ${styles.section}`} aria-label="Services offered">
        <ul className={styles.grid}>
          {services.map((service) => (
            <li key={service.id} className={styles.card}>
              <h2 className={styles.cardTitle}>{service.title}</h2>
              <p className={styles.subtitle}>{service.subtitle}</p>
              <p>{service.description}</p>
              <h3 className={styles.listTitle}>What’s included</h3>
              <ul className={styles.features}>
                {service.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <h3 className={styles.listTitle}>Tools</h3>
              <ul className={styles.chips}>
                {service.tools.map((tool) => (
                  <li key={tool}>{tool}</li>
                ))}
              </ul>
              <h3 className={styles.listTitle}>Ideal for</h3>
              <p className={styles.clients}>{service.targetClients.join(' · ')}</p>
              <button type="button" className="button" onClick={scrollToBottom} aria-label={`Get Started with ${service.title}`}>
                Get Started
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className={`container ${styles.section} ${styles.bottom}`} aria-labelledby="services-cta">
        <div>
          <h2 id="services-cta">{servicesIntro.ctaTitle}</h2>
          <p>{servicesIntro.ctaText}</p>
          <a className="button button-outline" href={`mailto:${profile.email}?subject=${encodeURIComponent('Services inquiry')}`}>
            Email {profile.email}
          </a>
        </div>
        {auditForm}
      </section>
    </>
  );
}
