import { personal } from '@curb/content';
import type { ReactNode } from 'react';
import { QR_PNG_PATH, QR_SVG_PATH } from './contact-card';
import styles from './sections.module.css';

/** The contact section (anchor "contact"): links, the QR tile and the page's contact form. */
export function ContactSection({ form }: { form: ReactNode }) {
  return (
    <section id="contact" className={`${styles.section} ${styles.muted}`} aria-labelledby="contact-title">
      <div className="container">
        <h2 id="contact-title">Let’s Work Together</h2>
        <p className={styles.lead}>Questions about your marketing or operations? Send a message and I’ll reply within 24 hours.</p>
        <div className={styles.contactGrid}>
          <div className={styles.contactLinks}>
            <a href={`mailto:${personal.email}`} className={styles.contactLink}>
              <span className={styles.contactLabel}>Email</span>
              {personal.email}
            </a>
            <a href={`tel:${personal.phone}`} className={styles.contactLink}>
              <span className={styles.contactLabel}>Phone</span>
              {personal.formattedPhone}
            </a>
            <a href={personal.linkedinUrl} className={styles.contactLink} rel="noopener" target="_blank">
              <span className={styles.contactLabel}>LinkedIn</span>
              {personal.linkedinUsername}
            </a>
            <a href={QR_PNG_PATH} download="contact-qr-code.png" className={styles.qrTile} data-testid="qr-tile">
              <img src={QR_SVG_PATH} alt="" width="120" height="120" loading="lazy" />
              <span>Download my contact QR code</span>
            </a>
          </div>
          <div className={styles.formCard}>{form}</div>
        </div>
      </div>
    </section>
  );
}
