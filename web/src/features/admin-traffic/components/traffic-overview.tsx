import { Panel } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatCount } from '@/components/admin/format';
import { useCurrentVisitors, useStats } from '../api/stats';
import { statsQuery, viewState } from '../lib/query';
import { type FilterDimension, intervalsFor, type TrafficSearch, withFilter, DEFAULT_PERIOD, DEFAULT_COMPARISON } from '../lib/search';
import { BreakdownPanel, type BreakdownTab } from './breakdown-panel';
import { EstimateNote } from './estimate-note';
import { COMPARISON_LABELS } from './period-controls';
import { TOP_METRICS, TopFigures } from './top-figures';
import { seriesOf, VisitorsChart } from './visitors-chart';
import adminStyles from '@/components/admin/admin-ui.module.css';
import styles from './traffic.module.css';

const SOURCE_TABS: readonly BreakdownTab[] = [
  { dimension: 'visit:channel', label: 'Channels', metrics: ['visitors', 'visits', 'leads'], drillTo: 'visit:source' },
  { dimension: 'visit:source', label: 'Sources', metrics: ['visitors', 'visits', 'leads'], drillTo: 'visit:referrer' },
  { dimension: 'visit:referrer', label: 'Referrers', metrics: ['visitors', 'visits'] },
];
/** The tags of the owner's own links (mailings, ads): Plausible's "Campaigns". */
const CAMPAIGN_TABS: readonly BreakdownTab[] = [
  { dimension: 'visit:utm_source', label: 'Source', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:utm_medium', label: 'Medium', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:utm_campaign', label: 'Campaign', metrics: ['visitors', 'visits', 'leads'] },
  { dimension: 'visit:utm_content', label: 'Content', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:utm_term', label: 'Term', metrics: ['visitors', 'visits'] },
];
const PAGE_TABS: readonly BreakdownTab[] = [
  { dimension: 'event:page', label: 'Top pages', metrics: ['visitors', 'pageviews'] },
  { dimension: 'visit:entry_page', label: 'Entry pages', metrics: ['visitors', 'visits', 'bounce_rate'] },
  { dimension: 'visit:exit_page', label: 'Exit pages', metrics: ['visitors', 'visits'] },
];
const LOCATION_TABS: readonly BreakdownTab[] = [{ dimension: 'visit:country', label: 'Countries', metrics: ['visitors', 'visits'] }];
const DEVICE_TABS: readonly BreakdownTab[] = [
  { dimension: 'visit:browser', label: 'Browser', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:os', label: 'OS', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:device', label: 'Device', metrics: ['visitors', 'visits'] },
  { dimension: 'visit:screen_size', label: 'Screen size', metrics: ['visitors', 'visits'] },
];
const GOAL_TABS: readonly BreakdownTab[] = [
  { dimension: 'event:goal', label: 'Goals', metrics: ['visitors', 'events', 'conversion_rate'] },
];

/**
 * The Traffic page's overview: the period's figures against the comparison period, visitors
 * over time, and every breakdown, all under the filters in the address bar. It reads
 * POST /api/stats only.
 */
export function TrafficOverview({ search, onSearchChange }: { search: TrafficSearch; onSearchChange: (next: TrafficSearch) => void }) {
  const view = viewState(search);
  const comparing = view.comparison !== undefined;
  const aggregate = useStats(statsQuery(view, TOP_METRICS, { comparison: true }), { realtime: view.realtime });
  const current = useCurrentVisitors(view.realtime);
  const chartDimension = `time:${view.interval}` as const;
  const chart = useStats(view.realtime ? null : statsQuery(view, ['visitors'], { dimensions: [chartDimension] }));
  const comparisonRange = aggregate.data?.meta.comparison_date_range;
  const chartComparison = useStats(
    comparing && comparisonRange ? statsQuery(view, ['visitors'], { dimensions: [chartDimension], dateRange: comparisonRange }) : null,
  );
  const filter = (dimension: FilterDimension, value: string) => onSearchChange(withFilter(search, ['is', dimension, value]));
  const totalVisitors = aggregate.data?.results[0]?.metrics[0] ?? 0;
  const intervals = intervalsFor(search.period ?? DEFAULT_PERIOD, search.from, search.to);
  const compareLabel = COMPARISON_LABELS[search.compare ?? DEFAULT_COMPARISON];

  return (
    <>
      {aggregate.isPending ? (
        <LoadingView label="Loading traffic..." />
      ) : aggregate.isError ? (
        <ErrorView onRetry={() => void aggregate.refetch()} message="Error loading traffic" detail={aggregate.error.message} />
      ) : (
        <>
          {view.realtime && (
            <p className={styles.realtime} role="status">
              <span className={styles.pulse} aria-hidden="true" />
              <strong data-testid="visitors-now">{current.data === undefined ? '…' : formatCount(current.data)}</strong>{' '}
              {current.data === 1 ? 'visitor' : 'visitors'} now · {formatCount(totalVisitors)} in the last 30 minutes
            </p>
          )}
          {/* Realtime is the last half hour, not days. */}
          {!view.realtime && (
            <p className={styles.muted}>
              {aggregate.data.meta.date_range[0]} to {aggregate.data.meta.date_range[1]}
              {comparisonRange && ` · compared with ${comparisonRange[0]} to ${comparisonRange[1]}`} · times in{' '}
              {aggregate.data.meta.time_zone}
            </p>
          )}
          {/* The figures of the view before stay, dimmed, until the new view's arrive. */}
          <div aria-busy={aggregate.isPlaceholderData} className={aggregate.isPlaceholderData ? styles.stale : undefined}>
            <TopFigures data={aggregate.data} comparing={comparing} />
          </div>
          {totalVisitors === 0 && <p className={styles.empty}>No visits in this period.</p>}
          {/* Realtime is half an hour: its figures say it all, a line of one or two points would not. */}
          {!view.realtime && (
            <Panel
              title="Visitors over time"
              actions={
                intervals.length > 1 && (
                  <div className={adminStyles.segmented} role="group" aria-label="Interval">
                    {intervals.map((interval) => (
                      <button
                        key={interval}
                        type="button"
                        className={adminStyles.segment}
                        aria-pressed={interval === view.interval}
                        onClick={() => onSearchChange({ ...search, interval })}
                      >
                        By {interval}
                      </button>
                    ))}
                  </div>
                )
              }
            >
              {chart.isPending ? (
                <LoadingView label="Loading the chart..." />
              ) : chart.isError ? (
                <ErrorView onRetry={() => void chart.refetch()} message="Error loading the chart" detail={chart.error.message} />
              ) : (
                <VisitorsChart
                  series={seriesOf(chart.data, view.interval)}
                  comparison={comparing && chartComparison.data ? seriesOf(chartComparison.data, view.interval) : undefined}
                  interval={view.interval}
                  comparisonLabel={compareLabel}
                />
              )}
              {chart.data && <EstimateNote data={chart.data} />}
            </Panel>
          )}
          <div className={styles.panels}>
            <BreakdownPanel title="Sources" tabs={SOURCE_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
            <BreakdownPanel title="UTM campaigns" tabs={CAMPAIGN_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
            <BreakdownPanel title="Pages" tabs={PAGE_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
            <BreakdownPanel title="Locations" tabs={LOCATION_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
            <BreakdownPanel title="Devices" tabs={DEVICE_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
            <BreakdownPanel title="Goals" tabs={GOAL_TABS} view={view} totalVisitors={totalVisitors} onFilter={filter} />
          </div>
        </>
      )}
    </>
  );
}
