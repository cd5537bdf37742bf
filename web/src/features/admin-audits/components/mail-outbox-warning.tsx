import { Link } from '@tanstack/react-router';
import styles from '@/components/admin/admin-ui.module.css';
import { useMailService } from '../api/outbox';

/**
 * At the top of the admin's first page: while no mail service is configured, every e-mail is
 * written to the outbox folder and reaches nobody, however the counts elsewhere read.
 */
export function MailOutboxWarning() {
  const mail = useMailService();
  if (!mail.data || mail.data.configured) return null;
  return (
    <div className={styles.notice} role="alert" data-testid="mail-outbox-warning">
      <strong>No mail service is configured: e-mails are not being sent.</strong> Report e-mails to your leads and your lead notices go to
      the outbox folder (<code>{mail.data.outboxDir}</code>) instead, where nobody receives them. Set <code>MAIL_API_URL</code> and{' '}
      <code>MAIL_API_KEY</code>, or <code>SMTP_URL</code>, and restart the product to send them.{' '}
      <Link to="/admin/marketing-audits">Read the outbox</Link>
    </div>
  );
}
