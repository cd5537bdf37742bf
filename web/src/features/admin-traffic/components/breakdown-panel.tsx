import { useState } from 'react';
import type { StatsMetric } from '@curb/contracts/stats';
import { Panel } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { Tabs } from '@/components/admin/tabs';
import { useStats } from '../api/stats';
import { DIMENSION_LABELS } from '../lib/labels';
import { statsQuery, type ViewState } from '../lib/query';
import type { FilterDimension } from '../lib/search';
import { BreakdownTable } from './breakdown-table';
import { EstimateNote } from './estimate-note';

export interface BreakdownTab {
  dimension: FilterDimension;
  /** The tab's name when it is not the dimension's. */
  label?: string;
  metrics: readonly StatsMetric[];
  /** Clicking a row here filters by it and opens this tab (channels → sources → referrers). */
  drillTo?: FilterDimension;
}

/** Rows a breakdown asks for; the table pages through them. */
const BREAKDOWN_LIMIT = 100;

/** A panel of breakdowns, one tab each; only the open tab's query runs. */
export function BreakdownPanel({
  title,
  tabs,
  view,
  totalVisitors,
  onFilter,
}: {
  title: string;
  tabs: readonly BreakdownTab[];
  view: ViewState;
  totalVisitors: number;
  onFilter: (dimension: FilterDimension, value: string) => void;
}) {
  const [open, setOpen] = useState<FilterDimension>(tabs[0]!.dimension);
  const tab = tabs.find((t) => t.dimension === open) ?? tabs[0]!;
  const query = statsQuery(view, tab.metrics, {
    dimensions: [tab.dimension],
    limit: BREAKDOWN_LIMIT,
  });
  const stats = useStats({ ...query, order_by: [[tab.metrics[0]!, 'desc']] }, { realtime: view.realtime });
  const select = (value: string) => {
    onFilter(tab.dimension, value);
    if (tab.drillTo) setOpen(tab.drillTo);
  };
  const body = stats.isPending ? (
    <LoadingView label={`Loading ${title.toLowerCase()}...`} />
  ) : stats.isError ? (
    <ErrorView onRetry={() => void stats.refetch()} message={`Error loading ${title.toLowerCase()}`} detail={stats.error.message} />
  ) : (
    <>
      <BreakdownTable dimension={tab.dimension} metrics={tab.metrics} data={stats.data} totalVisitors={totalVisitors} onSelect={select} />
      <EstimateNote data={stats.data} />
    </>
  );
  return (
    <Panel title={title}>
      {tabs.length > 1 ? (
        <Tabs
          tabs={tabs.map((t) => ({ key: t.dimension, label: t.label ?? DIMENSION_LABELS[t.dimension] }))}
          value={tab.dimension}
          onChange={setOpen}
          label={title}
        >
          {body}
        </Tabs>
      ) : (
        body
      )}
    </Panel>
  );
}
