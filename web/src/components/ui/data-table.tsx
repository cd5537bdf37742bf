import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type RowData,
  type SortingFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import { Pagination } from './pagination';
import styles from './data-table.module.css';

declare module '@tanstack/react-table' {
  // The type parameters are react-table's own: an augmentation must repeat them.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Class of the column's body cells. */
    cellClassName?: string;
  }
}

export interface DataTableProps<Row> {
  data: Row[];
  /** Columns of different value types: react-table types them with `any` here. */
  // biome-ignore lint/suspicious/noExplicitAny: react-table's own type for a list of mixed columns
  columns: ColumnDef<Row, any>[];
  getRowId?: (row: Row, index: number) => string;
  /** Rows per page: a longer table gets the pagination bar. Without it every row shows. */
  pageSize?: number;
  /** The accessible name of the pagination bar. */
  pagesLabel?: string;
  /** Headers sort the rows (default). Off for a list the server sorts and pages. */
  sortable?: boolean;
  /** The order before any header is clicked; none keeps the data's own order. */
  initialSorting?: SortingState;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numbers by value; text as a reader orders it (case aside, "page 10" after "page 9"); an empty value first. */
const byValue: SortingFn<unknown> = (a, b, columnId) => {
  const x = a.getValue(columnId);
  const y = b.getValue(columnId);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(x == null ? '' : String(x), y == null ? '' : String(y));
};

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg className={styles.sortIcon} data-direction={direction || undefined} viewBox="0 0 10 14" width="8" height="12" aria-hidden="true">
      {direction !== 'desc' && <path d="M5 1 9 6H1z" />}
      {direction !== 'asc' && <path d="M5 13 1 8h8z" />}
    </svg>
  );
}

/**
 * The tables of the admin: react-table rows in the house's table look, each column header a
 * button that sorts by it (a click toggles the direction; `aria-sort` names it), and pages of
 * `pageSize` rows with the shared pagination bar. The table scrolls sideways in its own box,
 * so a wide one never widens a phone's page.
 */
export function DataTable<Row>({
  data,
  columns,
  getRowId,
  pageSize,
  pagesLabel = 'Table pages',
  sortable = true,
  initialSorting = [],
}: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const paged = pageSize !== undefined;
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting },
    onSortingChange: setSorting,
    enableSorting: sortable,
    // A click toggles between the two directions; a sorted table stays sorted.
    enableSortingRemoval: false,
    defaultColumn: { sortingFn: byValue as SortingFn<Row> },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(paged && { getPaginationRowModel: getPaginationRowModel(), initialState: { pagination: { pageIndex: 0, pageSize } } }),
  });
  const { pageIndex } = table.getState().pagination;

  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const direction = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={direction ? ARIA_SORT[direction] : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <SortIcon direction={direction} />
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.cellClassName}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paged && (
        <Pagination
          currentPage={pageIndex + 1}
          totalPages={table.getPageCount()}
          onPageChange={(page) => table.setPageIndex(page - 1)}
          label={pagesLabel}
        />
      )}
    </>
  );
}
