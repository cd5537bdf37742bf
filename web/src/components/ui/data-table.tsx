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
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Pagination } from './pagination';
import styles from './data-table.module.css';

declare module '@tanstack/react-table' {
  // The type parameters are react-table's own: an augmentation must repeat them.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Class of the column's body cells. */
    cellClassName?: string;
    /**
     * `anywhere`: a long unbroken value (an e-mail or web address) may wrap at any character,
     * so it never makes the table wider than its box. `never`: a short value (a date) stays
     * on one line.
     */
    wrap?: 'anywhere' | 'never';
    /** In a phone's card, the value goes under its column's name, across the card (a list of badges). */
    stackInCard?: boolean;
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

const WRAP = { anywhere: styles.wrapAnywhere, never: styles.noWrap };
const cellClass = (meta: { cellClassName?: string; wrap?: keyof typeof WRAP; stackInCard?: boolean } | undefined) =>
  [meta?.cellClassName, meta?.wrap && WRAP[meta.wrap], meta?.stackInCard && styles.stackInCard].filter(Boolean).join(' ') || undefined;

/** On a phone, cards this few are not worth a row of sort buttons above them. */
const SORT_ROW_MIN_ROWS = 3;

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

/** The header's text, for a body cell's label when the table is shown as cards. */
const headerText = (header: unknown, id: string) => (typeof header === 'string' ? header : id);

/**
 * Whether the rows are shown as cards: from the moment the table, laid out as a table, is
 * wider than its box (its columns cannot shrink further), until the box is again as wide as
 * the table needed. Measured before the first paint and on every resize of the box or table.
 */
function useCards(wrapRef: RefObject<HTMLDivElement | null>): boolean {
  const [cards, setCards] = useState(false);
  const cardsRef = useRef(false);
  const needed = useRef(0);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = wrap?.querySelector('table');
    if (!wrap || !table) return;
    const show = (next: boolean) => {
      cardsRef.current = next;
      setCards(next);
    };
    const fit = () => {
      if (!cardsRef.current && table.offsetWidth > wrap.clientWidth + 1) {
        needed.current = table.offsetWidth;
        show(true);
      } else if (cardsRef.current && wrap.clientWidth >= needed.current) {
        show(false);
      }
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(wrap);
    observer.observe(table);
    return () => observer.disconnect();
  }, [wrapRef]);
  return cards;
}

/**
 * The tables of the admin: react-table rows in the house's table look, each column header a
 * button that sorts by it (a click toggles the direction; `aria-sort` names it), and pages of
 * `pageSize` rows with the shared pagination bar. A table too wide for its box (a phone, a
 * tablet) shows its rows as cards instead, each value beside its column's name
 * (data-table.module.css), so nothing scrolls sideways; before the script runs it scrolls in
 * its own box.
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
  const wrapRef = useRef<HTMLDivElement>(null);
  const cards = useCards(wrapRef);
  const tableClass = [styles.table, cards && styles.cards, data.length <= SORT_ROW_MIN_ROWS && styles.fewRows].filter(Boolean).join(' ');

  return (
    <>
      <div ref={wrapRef} className={styles.tableWrap}>
        <table className={tableClass}>
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
                  <td
                    key={cell.id}
                    className={cellClass(cell.column.columnDef.meta)}
                    data-label={headerText(cell.column.columnDef.header, cell.column.id)}
                  >
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
