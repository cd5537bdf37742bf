import { createColumnHelper } from '@tanstack/react-table';
import type { StatsDimension, StatsMetric, StatsResponse } from '@curb/contracts/stats';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { DataTable } from '@/components/ui/data-table';
import { csvFile } from '@curb/contracts/csv';
import { downloadCsv } from '../lib/csv';
import { DIMENSION_LABELS, formatDimensionValue, formatMetric, METRIC_LABELS } from '../lib/labels';
import type { FilterDimension } from '../lib/search';
import styles from './traffic.module.css';

interface Row {
  value: string;
  name: string;
  share: number;
  metrics: Array<number | null>;
}

const ROWS_PER_PAGE = 10;
const column = createColumnHelper<Row>();

/**
 * One breakdown: a row per value of the dimension, its share of the period's visitors drawn as
 * a bar behind the name, the metrics beside it. Headers sort; a name is a button that filters
 * the whole page by it; the table downloads as CSV.
 */
export function BreakdownTable({
  dimension,
  metrics,
  data,
  totalVisitors,
  onSelect,
}: {
  dimension: FilterDimension;
  metrics: readonly StatsMetric[];
  data: StatsResponse;
  totalVisitors: number;
  onSelect: (value: string) => void;
}) {
  const label = DIMENSION_LABELS[dimension];
  if (data.results.length === 0) return <p className={styles.empty}>No visits in this period.</p>;
  const visitorsAt = metrics.indexOf('visitors');
  const rows: Row[] = data.results.map((r) => {
    const value = r.dimensions[0] ?? '';
    const visitors = visitorsAt >= 0 ? (r.metrics[visitorsAt] ?? 0) : 0;
    return {
      value,
      name: formatDimensionValue(dimension as StatsDimension, value),
      share: totalVisitors > 0 ? visitors / totalVisitors : 0,
      metrics: r.metrics,
    };
  });
  const columns = [
    column.accessor('name', {
      header: label,
      meta: { wrap: 'anywhere' },
      cell: (c) => (
        <div className={styles.nameCell}>
          <span className={styles.shareBar} style={{ width: `${Math.min(100, c.row.original.share * 100)}%` }} aria-hidden="true" />
          <button
            type="button"
            className={styles.rowFilter}
            title={`Show only ${label.toLowerCase()} ${c.getValue()}`}
            onClick={() => onSelect(c.row.original.value)}
          >
            {c.getValue()}
          </button>
        </div>
      ),
    }),
    ...metrics.map((metric, i) =>
      column.accessor((r) => r.metrics[i] ?? 0, {
        id: metric,
        header: METRIC_LABELS[metric],
        meta: { wrap: 'never' },
        cell: (c) => formatMetric(metric, c.row.original.metrics[i]),
      }),
    ),
  ];
  const exportCsv = () => {
    const csv = csvFile(
      [label, ...metrics.map((m) => METRIC_LABELS[m])],
      rows.map((r) => [r.name, ...r.metrics]),
    );
    downloadCsv(`traffic-${dimension.replace(/\W+/g, '-')}.csv`, csv);
  };
  return (
    <div className={styles.breakdown} data-dimension={dimension}>
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.value}
        pageSize={rows.length > ROWS_PER_PAGE ? ROWS_PER_PAGE : undefined}
        pagesLabel={`${label} pages`}
      />
      <div className={styles.tableActions}>
        <button type="button" className={`button button-outline ${adminStyles.smallButton}`} onClick={exportCsv}>
          Download CSV
        </button>
      </div>
    </div>
  );
}
