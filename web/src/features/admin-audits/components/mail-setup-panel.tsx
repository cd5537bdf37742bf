import styles from '@/components/admin/admin-ui.module.css';

/** Shown when some audits have no sent e-mail; explains how report mail is delivered. */
export function MailSetupPanel({ unsent, inOutbox }: { unsent: number; inOutbox: number }) {
  return (
    <section className={styles.panel} aria-labelledby="mail-setup-title">
      <h2 id="mail-setup-title" className={styles.panelTitle}>
        Email delivery setup
      </h2>
      <p>
        {unsent === 1 ? '1 audit has' : `${unsent} audits have`} no report e-mail sent yet
        {inOutbox > 0 && ` (${inOutbox} of them written to the outbox, where nobody receives them)`}. Report e-mails are delivered through a
        mail API first (set <code>MAIL_API_URL</code> and <code>MAIL_API_KEY</code>), and fall back to SMTP (<code>SMTP_URL</code>) when the
        mail API is not configured or fails. With neither configured, mails are written to the outbox in the data directory instead of being
        sent.
      </p>
      <p className={styles.muted}>
        Set the variables, restart the product, and new audits will be mailed as soon as their report is ready.
      </p>
    </section>
  );
}
