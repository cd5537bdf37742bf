import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { company, footer } from '@curb/content';
import { dialable, SOCIAL_NETWORK_NAMES, socialLinks, useSiteContent } from '@/lib/site-content';
import { dispatchWindowEvent, SHOW_AUDIT_POPUP_EVENT, SHOW_CONTACT_POPUP_EVENT } from '@/lib/window-events';
import styles from './public-footer.module.css';

/** `links`: extra items for the bottom row (the app adds the consent link when tags are set). */
export function PublicFooter({ links }: { links?: ReactNode }) {
  const content = useSiteContent();
  const { profile, services, figures } = content;
  // The sample's brand is the sample's; an owner's company is their own.
  const companyName = content.isSample ? company.name : profile.company;
  const position = [profile.position, profile.company].filter(Boolean).join(' at ');
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div>
          <p className={styles.brand}>{profile.name}</p>
          {profile.tagline && <p>{profile.tagline}</p>}
          {profile.serviceArea.length > 0 && <p>Serving {profile.serviceArea.join(', ')}.</p>}
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.services}</h2>
          <ul className={styles.list}>
            {services.map((service) => (
              <li key={service.id}>
                <Link to="/services">{service.title}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.audit}</h2>
          <p>{footer.auditBlurb}</p>
          <button type="button" className="button" onClick={() => dispatchWindowEvent(SHOW_AUDIT_POPUP_EVENT)}>
            Get Your Free Audit
          </button>
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.contact}</h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${profile.email}`}>{profile.email}</a>
            </li>
            {profile.phone && (
              <li>
                <a href={`tel:${dialable(profile.phone)}`}>{profile.phone}</a>
              </li>
            )}
            <li>{profile.serviceArea.join(' · ')}</li>
          </ul>
          <button type="button" className={`button ${styles.outline}`} onClick={() => dispatchWindowEvent(SHOW_CONTACT_POPUP_EVENT)}>
            Send Message
          </button>
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.connect}</h2>
          <ul className={styles.list}>
            {socialLinks(content).map(([network, url]) => (
              <li key={network}>
                <a href={url} rel="noopener" target="_blank">
                  {SOCIAL_NETWORK_NAMES[network]}
                </a>
              </li>
            ))}
            {figures.map((figure) => (
              <li key={figure.label}>
                {figure.value} {figure.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`container ${styles.copyright}`}>
        <p>
          © {content.year} {profile.name}
          {companyName ? ` · ${companyName}` : ''}. All rights reserved.
        </p>
        {position && <p>{position}</p>}
        {links}
      </div>
    </footer>
  );
}
