import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { MarketingAuditRecord } from '@curb/contracts/admin';
import styles from '@/components/admin/admin-ui.module.css';
import { formatDate } from '@/components/admin/format';
import { AuditStatusBadge } from './audit-status-badge';

const column = createColumnHelper<MarketingAuditRecord>();

export function AuditsTable({ audits, onPreview }: { audits: MarketingAuditRecord[]; onPreview: (audit: MarketingAuditRecord) => void }) {
  const columns = useMemo(
    () => [
      column.accessor('businessName', { header: 'Business', cell: (c) => <strong>{c.getValue()}</strong> }),
      column.accessor('email', { header: 'Contact', cell: (c) => <a href={`mailto:${c.getValue()}`}>{c.getValue()}</a> }),
      column.accessor('website', {
        header: 'Website',
        cell: (c) => {
          const site = c.getValue();
          if (!site) return <span className={styles.muted}>No website</span>;
          // Only web addresses become links: a stored value is never trusted as a URL scheme.
          return /^https?:\/\//i.test(site) ? (
            <a href={site} target="_blank" rel="noopener noreferrer nofollow">
              {site.replace(/^https?:\/\//i, '')}
            </a>
          ) : (
            site
          );
        },
      }),
      column.accessor('source', { header: 'Source' }),
      column.display({ id: 'status', header: 'Status', cell: (c) => <AuditStatusBadge audit={c.row.original} /> }),
      column.accessor('reportViewCount', { header: 'Views' }),
      column.accessor('createdAt', { header: 'Date', cell: (c) => formatDate(c.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => (
          <div className={styles.actions}>
            <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => onPreview(c.row.original)}>
              Preview
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
    [onPreview],
  );
  const table = useReactTable({ data: audits, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.id });

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
