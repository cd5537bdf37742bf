import type { ReactNode } from 'react';
import { dialable, SOCIAL_NETWORK_NAMES, socialLinks, useContactQr, useSiteContent } from '@/lib/site-content';
import { VCARD_PATH } from './contact-card';
import { QrCode } from './qr-code';
import styles from './sections.module.css';

/** The contact section (anchor "contact"): links, the QR tile and the page's contact form. */
export function ContactSection({ form }: { form: ReactNode }) {
  const content = useSiteContent();
  const { profile } = content;
  const qr = useContactQr();
  const address = [profile.officeAddress.street, profile.officeAddress.city, profile.officeAddress.region, profile.officeAddress.postalCode]
    .filter(Boolean)
    .join(', ');
  return (
    <section id="contact" className={`${styles.section} ${styles.muted}`} aria-labelledby="contact-title">
      <div className="container">
        <h2 id="contact-title">Let’s Work Together</h2>
        <p className={styles.lead}>Questions about your marketing or operations? Send a message and I’ll reply within 24 hours.</p>
        <div className={styles.contactGrid}>
          <div className={styles.contactLinks}>
            <a href={`mailto:${profile.email}`} className={styles.contactLink}>
              <span className={styles.contactLabel}>Email</span>
              {profile.email}
            </a>
            {profile.phone && (
              <a href={`tel:${dialable(profile.phone)}`} className={styles.contactLink}>
                <span className={styles.contactLabel}>Phone</span>
                {profile.phone}
              </a>
            )}
            {address && (
              <p className={styles.contactLink}>
                <span className={styles.contactLabel}>Office</span>
                {address}
              </p>
            )}
            {profile.bookingUrl && (
              <a href={profile.bookingUrl} className={styles.contactLink} rel="noopener" target="_blank">
                <span className={styles.contactLabel}>Book a call</span>
                {new URL(profile.bookingUrl).host}
              </a>
            )}
            {socialLinks(content).map(([network, url]) => (
              <a key={network} href={url} className={styles.contactLink} rel="noopener" target="_blank">
                <span className={styles.contactLabel}>{SOCIAL_NETWORK_NAMES[network]}</span>
                {url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
              </a>
            ))}
            <a href={VCARD_PATH} download className={styles.qrTile} data-testid="qr-tile">
              {qr && <QrCode matrix={qr} size={120} />}
              <span>Download my contact card</span>
            </a>
          </div>
          <div className={styles.formCard}>{form}</div>
        </div>
      </div>
    </section>
  );
}
