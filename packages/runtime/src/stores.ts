// Opens the two stores for either mode and applies both migration sets.
import { join, resolve } from 'node:path';
import { openClickHouse, type ClickHouse } from '@curb/analytics';
import { storeMode, type Config } from '@curb/contracts/config';
import {
  createSql,
  migratePostgres,
  pingPostgres,
  startEmbeddedPostgres,
  startJobQueue,
  stopJobQueue,
  type EmbeddedPostgres,
  type JobQueue,
  type Sql,
} from '@curb/db';
import { migrateClickHouseLocked } from './clickhouse-migrations.ts';
import { guardUpgrade } from './upgrade.ts';
import { StartupError } from './config.ts';
import { freePort } from './free-port.ts';

export interface Stores {
  mode: 'embedded' | 'distributed';
  sql: Sql;
  /** For clients that open their own pool, such as pg-boss. */
  postgresUrl: string;
  ch: ClickHouse;
  /** pg-boss: services send jobs on it, the worker also works them. */
  jobs: JobQueue;
  close(): Promise<void>;
}

export interface OpenStoresOptions {
  /** A service run on its own needs external stores; only the launcher embeds them. */
  allowEmbedded: boolean;
  /** Name of the ClickHouse database (tests give each file its own). */
  clickhouseDatabase?: string;
  /** Start-up progress, one line each. */
  log?: (line: string) => void;
  /**
   * The server's structured logger (pino): the job queue's errors and what start-up had to
   * clean up go through it as JSON lines at their level, not as plain text.
   */
  logger?: StoresLogger;
}

export interface StoresLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export async function openStores(config: Config, options: OpenStoresOptions): Promise<Stores> {
  const log = options.log ?? (() => {});
  const { logger } = options;
  if (!options.allowEmbedded) {
    if (!config.DATABASE_URL)
      throw new StartupError('DATABASE_URL is required when a service runs on its own (use `pnpm start` for the embedded mode).');
    if (!config.CLICKHOUSE_URL)
      throw new StartupError('CLICKHOUSE_URL is required when a service runs on its own (use `pnpm start` for the embedded mode).');
  }
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const fn of [...closers].reverse()) await fn().catch(() => {});
  };
  try {
    let embedded: EmbeddedPostgres | undefined;
    let postgresUrl = config.DATABASE_URL;
    if (!postgresUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: join(config.DATA_DIR, 'postgres'),
        // The web server binds its port after the stores open: not that one.
        port: await freePort([config.PORT]),
        log,
        ...(logger && { warn: (detail: object, msg: string) => logger.warn(detail, msg) }),
      });
      closers.push(() => embedded!.stop());
      postgresUrl = embedded.url;
      log(`PostgreSQL (embedded) listening on 127.0.0.1:${embedded.port}`);
    }
    const sql = createSql(postgresUrl);
    closers.push(() => sql.end({ timeout: 2 }));
    // Opened before any migration: the backup taken before an upgrade reads both stores.
    const ch = await openClickHouse(
      config.CLICKHOUSE_URL
        ? {
            kind: 'server',
            url: config.CLICKHOUSE_URL,
            poolSize: config.CLICKHOUSE_POOL_SIZE,
            ...(config.CLICKHOUSE_CLUSTER ? { cluster: config.CLICKHOUSE_CLUSTER } : {}),
          }
        : {
            kind: 'embedded',
            path: resolve(config.DATA_DIR, 'clickhouse'),
            database: options.clickhouseDatabase ?? 'curb',
            poolSize: config.CLICKHOUSE_POOL_SIZE,
            ...(config.CLICKHOUSE_MAX_THREADS ? { maxThreads: config.CLICKHOUSE_MAX_THREADS } : {}),
          },
    );
    closers.push(() => ch.close());
    // The upgrade guard reads PostgreSQL first: one that cannot be reached is said as such.
    const reachable = await pingPostgres(sql);
    if (!reachable.ok) throw new StartupError(`PostgreSQL is not usable: ${reachable.error}`);
    await guardUpgrade(config, { sql, ch: config.CLICKHOUSE_URL ? null : ch, embeddedPostgres: Boolean(embedded) }, log);
    const pgApplied = await migratePostgres(sql).catch((err: Error) => {
      throw new StartupError(`PostgreSQL is not usable: ${err.message}`);
    });
    log(pgApplied.length ? `PostgreSQL migrations applied: ${pgApplied.join(', ')}` : 'PostgreSQL schema up to date');

    const jobs = await startJobQueue(postgresUrl, (err) =>
      logger ? logger.error({ err }, 'job queue error') : log(`job queue error: ${err.message}`),
    );
    // Closed before the SQL pool and the database: running jobs finish first.
    closers.push(() => stopJobQueue(jobs, Math.max(500, config.SHUTDOWN_TIMEOUT_MS - 1500)));

    const chApplied = await migrateClickHouseLocked(sql, ch).catch((err: Error) => {
      throw new StartupError(`ClickHouse is not usable: ${err.message}`);
    });
    log(chApplied.length ? `ClickHouse migrations applied: ${chApplied.join(', ')}` : 'ClickHouse schema up to date');
    return { mode: storeMode(config), sql, postgresUrl, ch, jobs, close };
  } catch (err) {
    await close();
    throw err;
  }
}
