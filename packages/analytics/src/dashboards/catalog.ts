// Every SQL statement the dashboards send, on a given engine: what the cluster rules' test
// reads (test/cluster/cluster-rules.test.ts), since no ClickHouse server or cluster runs here;
// and the dashboards' closed-days runs, for the worker.
// A dashboard module adds its statements here when it adds a query.
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';
import { abSnapshots, abTestingSql } from './ab-testing.ts';
import { attributionSql } from './attribution.ts';
import { computeClosedDays } from './closed-days.ts';
import { dataConnectionsSql } from './data-connections.ts';
import { funnelViewsSql } from './funnel-views.ts';
import { ownerFunnelSql } from './owner-funnels.ts';
import { retargetingSnapshots, retargetingSql } from './retargeting.ts';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Map) return [...value.values()].flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** Every dashboard's closed-days snapshots on `engine`. */
export const snapshotSets = (engine: EngineProfile) => [abSnapshots(engine), retargetingSnapshots(engine)];

/** Today's closed-days runs of every dashboard and period it keeps runs for that lacks one: the worker's job after midnight. */
export async function computeDashboardClosedDays(ch: ClickHouse): Promise<void> {
  for (const snapshots of snapshotSets(ch.engine)) for (const days of snapshots.periods) await computeClosedDays(ch, snapshots, days);
}

/** Per dashboard module, its statements on `engine`. */
export function dashboardStatements(engine: EngineProfile): Record<string, string[]> {
  return {
    'ab-testing': texts(abTestingSql),
    attribution: texts(attributionSql(engine)),
    // The closed-days snapshots of each dashboard that keeps them.
    'closed-days': snapshotSets(engine).flatMap((snapshots) => snapshots.statements()),
    'data-connections': texts(dataConnectionsSql),
    'funnel-views': texts(funnelViewsSql(engine)),
    // An owner's funnel is built from its steps: one of each kind stands for them all.
    'owner-funnels': [
      ownerFunnelSql(
        [
          { kind: 'page', value: '/blog/*' },
          { kind: 'event', value: 'lead' },
        ],
        7 * 86_400_000,
        engine,
      ),
    ],
    retargeting: texts(retargetingSql(engine)),
  };
}
