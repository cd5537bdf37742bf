import { AdminPage } from '@/components/admin/admin-page';
import { Tabs } from '@/components/admin/tabs';
import { AttributionPanel } from '../attribution/attribution-panel';
import { FunnelsPanel } from '../funnels/funnels-panel';
import { type TrafficSearch, type TrafficView, withFilter, withoutFilter } from '../lib/search';
import { FilterBar } from './filter-bar';
import { PeriodControls } from './period-controls';
import { TrafficOverview } from './traffic-overview';

const VIEWS: ReadonlyArray<{ key: TrafficView; label: string }> = [
  { key: 'overview', label: 'Overview' },
  { key: 'attribution', label: 'Lead attribution' },
  { key: 'funnels', label: 'Funnels' },
];

/**
 * The Traffic page: the period, comparison and filters above three views — the overview of
 * visits, which sources brought the leads, and the owner's own funnels. The view is part of
 * the address like the rest, so a link opens the same tab.
 */
export function TrafficPage({ search, onSearchChange }: { search: TrafficSearch; onSearchChange: (next: TrafficSearch) => void }) {
  const current = search.view ?? 'overview';
  return (
    <AdminPage
      title="Traffic"
      description="Who came, from where, to which pages, and which of them became leads."
      actions={<PeriodControls search={search} onChange={onSearchChange} />}
    >
      <FilterBar
        filters={search.filters ?? []}
        onAdd={(f) => onSearchChange(withFilter(search, f))}
        onRemove={(i) => onSearchChange(withoutFilter(search, i))}
      />
      <Tabs
        tabs={VIEWS}
        value={current}
        onChange={(view) => onSearchChange({ ...search, view: view === 'overview' ? undefined : view })}
        label="Traffic views"
      >
        {current === 'overview' && <TrafficOverview search={search} onSearchChange={onSearchChange} />}
        {current === 'attribution' && (
          <AttributionPanel search={search} onFilter={(dimension, value) => onSearchChange(withFilter(search, ['is', dimension, value]))} />
        )}
        {current === 'funnels' && <FunnelsPanel search={search} />}
      </Tabs>
    </AdminPage>
  );
}
