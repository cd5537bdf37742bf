import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { company, configuredServices, currentPosition, footer, metrics, personal } from '@curb/content';
import { dispatchWindowEvent, SHOW_AUDIT_POPUP_EVENT, SHOW_CONTACT_POPUP_EVENT } from '@/lib/window-events';
import styles from './public-footer.module.css';

/** `links`: extra items for the bottom row (the app adds the consent link when tags are set). */
export function PublicFooter({ links }: { links?: ReactNode }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div>
          <p className={styles.brand}>{personal.name}</p>
          {footer.taglines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.services}</h2>
          <ul className={styles.list}>
            {configuredServices.map((service) => (
              <li key={service.name}>
                <Link to="/services">{service.name}</Link>
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
              <a href={`mailto:${personal.email}`}>{personal.email}</a>
            </li>
            <li>
              <a href={`tel:${personal.phone}`}>{personal.formattedPhone}</a>
            </li>
            <li>{personal.serviceArea.join(' · ')}</li>
          </ul>
          <button type="button" className={`button ${styles.outline}`} onClick={() => dispatchWindowEvent(SHOW_CONTACT_POPUP_EVENT)}>
            Send Message
          </button>
        </div>
        <div>
          <h2 className={styles.heading}>{footer.sections.connect}</h2>
          <ul className={styles.list}>
            <li>
              <a href={personal.linkedinUrl} rel="noopener" target="_blank">
                LinkedIn
              </a>
            </li>
            <li>
              {metrics.yearsExperience} {metrics.experienceLabel}
            </li>
            <li>
              {metrics.transactionVolume} {metrics.volumeLabel}
            </li>
          </ul>
        </div>
      </div>
      <div className={`container ${styles.copyright}`}>
        <p>
          © {footer.copyrightYear} {personal.name} · {company.name}. All rights reserved.
        </p>
        <p>{currentPosition.fullTitle}</p>
        {links}
      </div>
    </footer>
  );
}
