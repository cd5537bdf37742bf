import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import {
  type AttributionDimension,
  type AttributionMetric,
  type AttributionRow,
  NO_CAMPAIGN,
  TOUCH_MODELS,
  type TouchModel,
  UNTRACKED,
} from '@curb/contracts/traffic-attribution';
import { Panel } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount } from '@/components/admin/format';
import { Tabs } from '@/components/admin/tabs';
import { DataTable } from '@/components/ui/data-table';
import { csvFile } from '@curb/contracts/csv';
import { downloadCsv } from '../lib/csv';
import type { FilterDimension, TrafficSearch } from '../lib/search';
import styles from '../components/traffic.module.css';
import own from './attribution.module.css';
import { useAttribution } from './use-attribution';

/** Each way of attributing leads, and the visit attribute a row of it filters the page by. */
const DIMENSIONS: ReadonlyArray<{ key: AttributionDimension; label: string; filter: FilterDimension }> = [
  { key: 'channel', label: 'Channel', filter: 'visit:channel' },
  { key: 'source', label: 'Source', filter: 'visit:source' },
  { key: 'campaign', label: 'Campaign', filter: 'visit:utm_campaign' },
  { key: 'landing_page', label: 'Landing page', filter: 'visit:entry_page' },
];
/** Rows that are no visit attribute, so nothing to filter by. */
const UNFILTERABLE = new Set([UNTRACKED, NO_CAMPAIGN]);
const METRICS: ReadonlyArray<{ key: AttributionMetric; label: string }> = [
  { key: 'leads', label: 'Leads' },
  { key: 'auditRequests', label: 'Audit requests' },
  { key: 'reportsOpened', label: 'Reports opened' },
  { key: 'emailsOpened', label: 'E-mails opened' },
  { key: 'consultations', label: 'Consultations' },
];
const MODEL_LABELS: Record<TouchModel, string> = { first: 'First touch', last: 'Last touch' };
const ROWS_PER_PAGE = 10;
const column = createColumnHelper<AttributionRow>();

/**
 * Which channels, sources, campaigns and landing pages brought the period's leads, by the lead's
 * first visit or its last visit before it became a lead, with what those leads went on to do.
 * Under the page's filters, a lead counts when that visit is one they keep; a row's name
 * filters the whole page by it, as the overview's rows do.
 */
export function AttributionPanel({
  search,
  onFilter,
}: {
  search: TrafficSearch;
  onFilter: (dimension: FilterDimension, value: string) => void;
}) {
  const [model, setModel] = useState<TouchModel>('first');
  const [dimension, setDimension] = useState<AttributionDimension>('channel');
  const attribution = useAttribution(search, model, dimension);
  const { label, filter } = DIMENSIONS.find((d) => d.key === dimension)!;
  const filtered = (search.filters?.length ?? 0) > 0;
  // The previous answer stays on screen while the filters or period change, never under another model or dimension.
  const data = attribution.data?.model === model && attribution.data.dimension === dimension ? attribution.data : undefined;
  const columns = [
    column.accessor('value', {
      header: label,
      meta: { wrap: 'anywhere' },
      cell: (c) =>
        UNFILTERABLE.has(c.getValue()) ? (
          c.getValue()
        ) : (
          <button
            type="button"
            className={styles.rowFilter}
            title={`Show only ${label.toLowerCase()} ${c.getValue()}`}
            onClick={() => onFilter(filter, c.getValue())}
          >
            {c.getValue()}
          </button>
        ),
    }),
    ...METRICS.map((m) => column.accessor(m.key, { header: m.label, meta: { wrap: 'never' }, cell: (c) => formatCount(c.getValue()) })),
  ];
  const exportCsv = () => {
    if (!data) return;
    const csv = csvFile(
      [label, ...METRICS.map((m) => m.label)],
      data.rows.map((r) => [r.value, ...METRICS.map((m) => r[m.key])]),
    );
    downloadCsv(`lead-attribution-${model}-touch-${dimension}.csv`, csv);
  };
  return (
    <Panel
      title="Lead attribution"
      actions={
        <div role="group" className={own.modelToggle} aria-label="Attribution model">
          {TOUCH_MODELS.map((m) => (
            <button
              key={m}
              type="button"
              className={`button ${m === model ? '' : 'button-outline'}`}
              aria-pressed={m === model}
              onClick={() => setModel(m)}
            >
              {MODEL_LABELS[m]}
            </button>
          ))}
        </div>
      }
    >
      <p className={styles.muted}>
        {model === 'first'
          ? 'Each lead counts for the visit that first brought them to the site.'
          : 'Each lead counts for their last visit before they became a lead.'}
        {filtered && ' Only the leads whose visit the filters above keep are counted.'}
      </p>
      <Tabs tabs={DIMENSIONS} value={dimension} onChange={setDimension} label="Attribute leads by">
        {attribution.isError ? (
          <ErrorView message="Lead attribution could not be loaded." onRetry={() => void attribution.refetch()} />
        ) : !data ? (
          <LoadingView label="Loading lead attribution..." />
        ) : data.rows.length === 0 ? (
          <p className={styles.empty}>{filtered ? 'No leads in this period under these filters.' : 'No leads in this period.'}</p>
        ) : (
          <div className={styles.breakdown} data-attribution={dimension}>
            <DataTable
              data={data.rows}
              columns={columns}
              getRowId={(r) => r.value}
              initialSorting={[{ id: 'leads', desc: true }]}
              pageSize={data.rows.length > ROWS_PER_PAGE ? ROWS_PER_PAGE : undefined}
              pagesLabel={`${label} pages`}
            />
            <div className={styles.tableActions}>
              <button type="button" className="button button-outline" onClick={exportCsv}>
                Download CSV
              </button>
            </div>
          </div>
        )}
      </Tabs>
    </Panel>
  );
}
