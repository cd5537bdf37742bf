import { useEffect, useState } from 'react';
import type { Funnel } from '@curb/contracts/analytics';
import { AdminPage } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { FeatureStatusCard } from '@/components/admin/feature-status';
import { formatCount, formatPercent } from '@/components/admin/format';
import { funnelRate, RATES } from '@/components/admin/rates';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { useFunnelConnections, useFunnels, useFunnelStats } from '../api/funnels';
import { FunnelAnalyticsDialog } from './funnel-analytics-dialog';
import { FunnelCard } from './funnel-card';
import { FunnelEditDialog } from './funnel-edit-dialog';
import { FunnelHistoryDialog } from './funnel-history-dialog';
import cardStyles from './funnels.module.css';

export function FunnelsPage() {
  const [editing, setEditing] = useState<string | null>(null);
  const [inspecting, setInspecting] = useState<Funnel | null>(null);
  const [history, setHistory] = useState<Funnel | null>(null);
  const funnels = useFunnels();
  const stats = useFunnelStats();
  const connections = useFunnelConnections();

  useEffect(() => {
    if (connections.isError) console.warn('data connection status failed to load', connections.error);
  }, [connections.isError, connections.error]);

  const list = funnels.data ?? [];
  // Each funnel counts its own conversion event (its Tracking tab): the pooled rate names it when they agree.
  const events = new Set(Object.values(stats.data?.funnelStats ?? {}).map((s) => s.conversionEvent ?? 'form-submit'));
  const pooledLabel =
    events.size > 1
      ? 'All funnels: conversions ÷ landing visitors'
      : `All funnels: ${funnelRate([...events][0] ?? 'form-submit').label.replace(/^./, (c) => c.toLowerCase())}`;
  return (
    <AdminPage title="Enhanced Funnel Manager" description="Lead-generation funnels, their configuration and their conversions.">
      {!connections.isPending && <FeatureStatusCard feature={connections.data} />}
      <StatGrid>
        <StatCard label="Total Funnels" value={funnels.data ? formatCount(list.length) : '—'} />
        <StatCard label="Active Funnels" value={funnels.data ? formatCount(list.filter((f) => f.isActive).length) : '—'} />
        <StatCard label="Total Leads" value={stats.data ? formatCount(stats.data.totalLeads) : '—'} />
        <StatCard
          label={pooledLabel}
          value={stats.data ? formatPercent(stats.data.pooledConversion) : '—'}
          hint={RATES.funnelPooled.hint}
        />
      </StatGrid>
      {stats.isError && <ErrorView message="Failed to fetch stats" onRetry={() => void stats.refetch()} />}
      {funnels.isPending ? (
        <LoadingView label="Loading funnels..." />
      ) : funnels.isError ? (
        <ErrorView message="Failed to fetch funnels" onRetry={() => void funnels.refetch()} />
      ) : (
        <div className={cardStyles.cards}>
          {list.map((funnel) => (
            <FunnelCard
              key={funnel.id}
              funnel={funnel}
              stats={stats.data?.funnelStats[funnel.id]}
              onEdit={() => setEditing(funnel.id)}
              onAnalytics={() => setInspecting(funnel)}
              onHistory={() => setHistory(funnel)}
            />
          ))}
        </div>
      )}

      {editing && <FunnelEditDialog funnelId={editing} onClose={() => setEditing(null)} />}
      {inspecting && <FunnelAnalyticsDialog funnel={inspecting} onClose={() => setInspecting(null)} />}
      {history && <FunnelHistoryDialog funnelId={history.id} name={history.name} onClose={() => setHistory(null)} />}
    </AdminPage>
  );
}
