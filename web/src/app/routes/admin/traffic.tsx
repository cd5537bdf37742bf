import { useNavigate, useSearch } from '@tanstack/react-router';
import { TrafficPage } from '@/features/admin-traffic/components/traffic-page';
import type { TrafficSearch } from '@/features/admin-traffic/lib/search';

/** The page's state is the address: each change is a history entry, so back/forward step through it. */
export function TrafficRoute() {
  const search = useSearch({ from: '/admin/traffic' });
  const navigate = useNavigate({ from: '/admin/traffic' });
  return <TrafficPage search={search} onSearchChange={(next: TrafficSearch) => void navigate({ search: next })} />;
}
