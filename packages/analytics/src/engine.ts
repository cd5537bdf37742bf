// What differs between the engines the analytics SQL runs on, in one place: embedded chDB (one
// process, two cores shared with everything else), a single ClickHouse server, and a cluster
// (shard tables `*_local` behind Distributed tables of the plain names). The dashboards' SQL is
// written once and takes its engine-specific parts from here.
import { availableParallelism } from 'node:os';

export type EngineKind = 'chdb' | 'server' | 'cluster';

export interface EngineProfile {
  kind: EngineKind;
  /** The cluster named in `ON CLUSTER` DDL (remote_servers); null off a cluster. */
  cluster: string | null;
  /**
   * SETTINGS for the dashboards' reads. chDB: as many threads per query as the machine has
   * cores (CLICKHOUSE_MAX_THREADS overrides; measured in bench/results/dashboards.md). A server
   * plans its own threads.
   */
  readSettings: string;
  /**
   * The IN for a subquery over a Distributed table: with more than one shard ClickHouse refuses
   * a plain IN under the default `distributed_product_mode = 'deny'`; GLOBAL IN runs the
   * subquery once and ships its result to every shard.
   */
  inSubquery: 'IN' | 'GLOBAL IN';
  /**
   * SETTINGS for a write that is read back at once: through a Distributed table an insert is
   * otherwise delivered to the shards in the background.
   */
  readBackInsertSettings: string;
}

/** Embedded chDB reading with `maxThreads` threads per query (default: the machine's cores). */
export function chdbProfile(maxThreads = availableParallelism()): EngineProfile {
  const threads = Math.max(1, Math.min(64, Math.floor(maxThreads)));
  return { kind: 'chdb', cluster: null, readSettings: `SETTINGS max_threads = ${threads}`, inSubquery: 'IN', readBackInsertSettings: '' };
}
export const CHDB: EngineProfile = chdbProfile();
export const SERVER: EngineProfile = { kind: 'server', cluster: null, readSettings: '', inSubquery: 'IN', readBackInsertSettings: '' };

const CLUSTER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function clusterProfile(cluster: string): EngineProfile {
  if (!CLUSTER_NAME.test(cluster)) throw new Error(`Invalid ClickHouse cluster name: ${cluster}`);
  return {
    kind: 'cluster',
    cluster,
    readSettings: '',
    inSubquery: 'GLOBAL IN',
    readBackInsertSettings: 'SETTINGS insert_distributed_sync = 1',
  };
}

/** A value built once per engine profile (SQL text that depends on the engine). */
export function perEngine<T>(build: (engine: EngineProfile) => T): (engine: EngineProfile) => T {
  const built = new Map<string, T>();
  return (engine) => {
    const key = `${engine.kind}:${engine.cluster ?? ''}:${engine.readSettings}`;
    if (!built.has(key)) built.set(key, build(engine));
    return built.get(key)!;
  };
}
