import { useState } from 'react';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { Dialog } from '@/components/admin/dialog';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime } from '@/components/admin/format';
import { useOutbox, useOutboxMail } from '../api/outbox';

function OutboxMailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useOutboxMail(id);
  return (
    <Dialog title={mail.data?.subject ?? 'Outbox mail'} onClose={onClose}>
      {mail.isPending ? (
        <LoadingView />
      ) : mail.isError ? (
        <ErrorView message="Failed to read the mail" onRetry={() => void mail.refetch()} />
      ) : (
        <div className={styles.form}>
          <dl className={styles.muted}>
            <div>From: {mail.data.from}</div>
            <div>To: {mail.data.to}</div>
            <div>Date: {formatDateTime(mail.data.date)}</div>
            {mail.data.attachments.map((a) => (
              <div key={a.filename}>
                Attachment: {a.filename} ({a.contentType}, {formatCount(Math.ceil(a.sizeBytes / 1024))} KB)
              </div>
            ))}
          </dl>
          {/* The text part only: the HTML part of a mail is never rendered in the admin. */}
          <pre className={`${styles.panel} ${styles.pre}`}>{mail.data.text}</pre>
        </div>
      )}
    </Dialog>
  );
}

/** Embedded mode without a mail transport: the mails the product would have sent, readable here. */
export function OutboxPanel() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  if (!outbox.data || (!outbox.data.inUse && outbox.data.total === 0)) return null;
  const { mails, total } = outbox.data;
  return (
    <Panel title={`Outbox (${formatCount(total)})`}>
      <p className={styles.muted}>No mail API or SMTP server is configured, so report e-mails are written here instead of being sent.</p>
      {mails.length === 0 ? (
        <p className={styles.empty}>No mails yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(m.date)}</td>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>
                    <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => setOpen(m.id)}>
                      Read
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <OutboxMailDialog id={open} onClose={() => setOpen(null)} />}
    </Panel>
  );
}
