import { createColumnHelper } from '@tanstack/react-table';
import type { ErasureRecord } from '@curb/contracts/privacy';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount, formatDateTime } from '@/components/admin/format';
import { DataTable } from '@/components/ui/data-table';
import { useErasures } from '../api/privacy';
import { removedLines } from './person-panel';

const column = createColumnHelper<ErasureRecord>();
const columns = [
  column.accessor('erasedAt', { header: 'When', meta: { wrap: 'never' }, cell: (c) => formatDateTime(c.getValue()) }),
  column.accessor('by', { header: 'By', meta: { wrap: 'anywhere' }, cell: (c) => c.getValue() ?? 'A removed admin account' }),
  column.accessor('rows', { header: 'Removed', cell: (c) => formatCount(c.getValue()) }),
  column.display({
    id: 'where',
    header: 'Where',
    meta: { stackInCard: true },
    cell: (c) =>
      removedLines(c.row.original.removed)
        .filter(([, , n]) => n > 0)
        .map(([store, what, n]) => `${store}: ${what.toLowerCase()} ${formatCount(n)}`)
        .join('; ') || 'Nothing was left',
  }),
];

/** The record of erasures: when, by whom, how much; the address is never kept. */
export function ErasuresPanel() {
  const log = useErasures();
  return (
    <Panel title="Erasures">
      {log.isPending ? (
        <LoadingView />
      ) : log.isError ? (
        <ErrorView message="Failed to fetch the erasures" onRetry={() => void log.refetch()} />
      ) : log.data.erasures.length === 0 ? (
        <p className={styles.empty}>No erasure yet.</p>
      ) : (
        <DataTable data={log.data.erasures} columns={columns} getRowId={(row) => row.id} sortable={false} />
      )}
    </Panel>
  );
}
