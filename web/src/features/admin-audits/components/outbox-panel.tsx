import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { OutboxMailSummary } from '@curb/contracts/admin';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { Dialog } from '@/components/ui/dialog/dialog';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime } from '@/components/admin/format';
import { DataTable } from '@/components/ui/data-table';
import { useOutbox, useOutboxMail } from '../api/outbox';

function OutboxMailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useOutboxMail(id);
  return (
    <Dialog open variant="panel" title={mail.data?.subject ?? 'Outbox mail'} onClose={onClose}>
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

/** The outbox lists up to 50 mails (OUTBOX_LIST_LIMIT), a page at a time. */
const MAILS_PER_PAGE = 10;
const column = createColumnHelper<OutboxMailSummary>();

/** Embedded mode without a mail transport: the mails the product would have sent, readable here. */
export function OutboxPanel() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo(
    () => [
      column.accessor('date', { header: 'Date', cell: (c) => formatDateTime(c.getValue()) }),
      column.accessor('to', { header: 'To' }),
      column.accessor('subject', { header: 'Subject' }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => setOpen(c.row.original.id)}>
            Read
          </button>
        ),
      }),
    ],
    [],
  );
  if (!outbox.data || (!outbox.data.inUse && outbox.data.total === 0)) return null;
  const { mails, total } = outbox.data;
  return (
    <Panel title={`Outbox (${formatCount(total)})`}>
      <p className={styles.muted}>No mail API or SMTP server is configured, so report e-mails are written here instead of being sent.</p>
      {mails.length === 0 ? (
        <p className={styles.empty}>No mails yet.</p>
      ) : (
        <DataTable data={mails} columns={columns} getRowId={(m) => m.id} pageSize={MAILS_PER_PAGE} pagesLabel="Outbox pages" />
      )}
      {open && <OutboxMailDialog id={open} onClose={() => setOpen(null)} />}
    </Panel>
  );
}
