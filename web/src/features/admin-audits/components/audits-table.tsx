import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { MarketingAuditRecord } from '@curb/contracts/admin';
import styles from '@/components/admin/admin-ui.module.css';
import { formatDate } from '@/components/admin/format';
import { AddressText } from '@/components/ui/address-text';
import { DataTable } from '@/components/ui/data-table';
import { DeliveryStatusBadge, LeadStatusBadge } from './audit-status-badge';

const column = createColumnHelper<MarketingAuditRecord>();

export function AuditsTable({
  audits,
  onPreview,
  onJourney,
}: {
  audits: MarketingAuditRecord[];
  onPreview: (audit: MarketingAuditRecord) => void;
  onJourney: (audit: MarketingAuditRecord) => void;
}) {
  const columns = useMemo(
    () => [
      column.accessor('businessName', { header: 'Business', cell: (c) => <strong>{c.getValue()}</strong> }),
      column.accessor('email', {
        header: 'Contact',
        meta: { wrap: 'anywhere' },
        cell: (c) => (
          <a href={`mailto:${c.getValue()}`}>
            <AddressText text={c.getValue()} />
          </a>
        ),
      }),
      column.accessor('website', {
        header: 'Website',
        meta: { wrap: 'anywhere' },
        cell: (c) => {
          const site = c.getValue();
          if (!site) return <span className={styles.muted}>No website</span>;
          // Only web addresses become links: a stored value is never trusted as a URL scheme.
          return /^https?:\/\//i.test(site) ? (
            <a href={site} target="_blank" rel="noopener noreferrer nofollow">
              <AddressText text={site.replace(/^https?:\/\//i, '')} />
            </a>
          ) : (
            site
          );
        },
      }),
      column.accessor('source', { header: 'Source' }),
      // Two columns: what happened to the e-mail, and what the lead did (one badge mixed both).
      column.display({ id: 'email-status', header: 'Report e-mail', cell: (c) => <DeliveryStatusBadge audit={c.row.original} /> }),
      column.display({ id: 'lead-status', header: 'Lead', cell: (c) => <LeadStatusBadge audit={c.row.original} /> }),
      column.accessor('reportViewCount', { header: 'Views' }),
      column.accessor('createdAt', { header: 'Date', meta: { wrap: 'never' }, cell: (c) => formatDate(c.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <div className={styles.actions}>
            <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => onPreview(c.row.original)}>
              Preview
            </button>
            <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => onJourney(c.row.original)}>
              Journey
            </button>
            <a
              className={`button button-outline ${styles.smallButton}`}
              href={`/audit-report/${encodeURIComponent(c.row.original.reportId)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open
            </a>
          </div>
        ),
      }),
    ],
    [onPreview, onJourney],
  );
  // The server sorts (newest first) and pages this list: sorting one page would mislead.
  return <DataTable data={audits} columns={columns} getRowId={(row) => row.id} sortable={false} />;
}
