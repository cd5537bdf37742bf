// The distributed mode checked where no ClickHouse server can run: the cluster DDL (generated
// from the migrations, as `pnpm clickhouse:cluster-ddl` prints it), every
// dashboard statement on the cluster engine profile, the retention TTL's target, and the
// docker-compose setup (parsed, its services' settings validated by the product's own config
// parser). What was verified how is listed in docs/decisions/.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadClickHouseMigrations } from '@curb/analytics';
import { clusterDdlText, SHARDING_KEYS } from '@curb/analytics/cluster-ddl';
import { dashboardStatements } from '@curb/analytics/dashboards/catalog';
import { CHDB, clusterProfile, SERVER, type EngineProfile } from '@curb/analytics/engine';
import { retentionTarget } from '@curb/analytics/retention';
import { parseConfig } from '@curb/contracts/config';
import { REPO_ROOT } from '../process.ts';

const CLUSTER = clusterProfile('curb');
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

const DASHBOARDS = join(REPO_ROOT, 'packages/analytics/src/dashboards');
const all = (engine: EngineProfile) => Object.values(dashboardStatements(engine)).flat();

/** Each JOIN other than ARRAY JOIN whose left side is a table, not a subquery (which runs on the initiator). */
function tableJoins(sql: string): string[] {
  const found: string[] = [];
  for (const join of sql.matchAll(/\b(?:(?:GLOBAL|ARRAY|LEFT|RIGHT|INNER|FULL|CROSS|ANY|ALL)\s+)*JOIN\b/gi)) {
    if (/\bARRAY\b/i.test(join[0]) || /^GLOBAL\b/i.test(join[0])) continue;
    // The FROM this JOIN belongs to: the nearest one before it at the same depth of parentheses.
    let depth = 0;
    for (let i = join.index - 1; i >= 0; i--) {
      if (sql[i] === ')') depth++;
      else if (sql[i] === '(') depth--;
      if (depth < 0) break;
      if (depth === 0 && /^FROM\b/i.test(sql.slice(i, i + 5)) && !/\w/.test(sql[i - 1] ?? ' ')) {
        if (!/^FROM\s*\(/i.test(sql.slice(i))) found.push(join[0]);
        break;
      }
    }
  }
  return found;
}

describe('dashboard SQL per engine', () => {
  it('lists every dashboard module that queries ClickHouse', () => {
    const modules = readdirSync(DASHBOARDS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const querying = modules
      .filter((f) => /\bch\.(query|command)\b/.test(readFileSync(join(DASHBOARDS, f), 'utf8')))
      .map((f) => f.slice(0, -3));
    expect(querying.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(dashboardStatements(CLUSTER)).sort()).toEqual(querying.sort());
    for (const [module, statements] of Object.entries(dashboardStatements(CLUSTER))) expect(statements.length, module).toBeGreaterThan(0);
  });

  it('sends subqueries over distributed tables to every shard with GLOBAL IN on a cluster', () => {
    const statements = all(CLUSTER);
    const subqueryIns = statements.flatMap((sql) => [...sql.matchAll(/(\b\w+\s+)?\bIN\s*\(\s*SELECT/gi)].map((m) => m[0]));
    expect(subqueryIns.length).toBeGreaterThan(0);
    expect(subqueryIns.filter((m) => !/^GLOBAL\s/i.test(m))).toEqual([]);
    expect(all(CLUSTER).flatMap(tableJoins)).toEqual([]);
  });

  it('finds a plain IN or a JOIN on a table where one is written', () => {
    expect(tableJoins('SELECT 1 FROM sessions AS s LEFT JOIN events AS e USING (visitor)')).toEqual(['LEFT JOIN']);
    expect(tableJoins('SELECT 1 FROM (SELECT 1 FROM sessions) AS s RIGHT JOIN (SELECT 1 FROM events) USING (k)')).toEqual([]);
    expect(tableJoins('SELECT 1 FROM funnel_steps ARRAY JOIN steps AS step')).toEqual([]);
    expect(tableJoins('SELECT 1 FROM sessions GLOBAL JOIN events USING (k)')).toEqual([]);
  });

  it("keeps each engine's settings in its profile: max_threads on chDB only, synchronous inserts on a cluster only", () => {
    const settings = (engine: EngineProfile) => [
      ...new Set(all(engine).flatMap((sql) => [...sql.matchAll(/\bSETTINGS\s+([^\n]+)/g)].map((m) => m[1]!.trim()))),
    ];
    expect(settings(CHDB)).toEqual([`max_threads = ${availableParallelism()}`]);
    expect(settings(SERVER)).toEqual([]);
    expect(settings(CLUSTER)).toEqual(['insert_distributed_sync = 1']);
    expect(all(CHDB).filter((sql) => /GLOBAL/.test(sql))).toEqual([]);
    expect(all(SERVER).filter((sql) => /GLOBAL/.test(sql))).toEqual([]);
  });

  it('writes closed-days runs so they read back at once through the Distributed tables', () => {
    const inserts = all(CLUSTER).filter((sql) => /^\s*INSERT INTO/.test(sql));
    // Per period a set keeps runs for (retargeting 30 and 90 days, A/B 90), for each of the runs through the day
    // before yesterday and through yesterday: the retargeting snapshots' four tables (funnel included), the
    // A/B ones' two; and each set's runs.
    expect(inserts.length).toBe((4 * 2 + 1) * 2 + (2 * 2 + 1));
    const closed = '(funnel_levels|sources|traffic|users|ab_unit_flags|ab_pairs)_closed';
    const tables = new RegExp(`^\\s*INSERT INTO (closed_days_runs|${closed}) `);
    for (const sql of inserts) {
      expect(sql).toMatch(tables);
      expect(sql).toMatch(/SETTINGS insert_distributed_sync = 1\s*$/);
    }
  });
});

describe('event retention target', () => {
  it('sets the TTL on the shard tables on every node of a cluster, on the table itself elsewhere', () => {
    expect(retentionTarget(CLUSTER, 'events', 90).alter).toBe(
      'ALTER TABLE events_local ON CLUSTER curb MODIFY TTL toDateTime(ts) + toIntervalDay(90)',
    );
    expect(retentionTarget(CLUSTER, 'ab_units', 90).table).toBe('ab_units_local');
    expect(retentionTarget(CHDB, 'events', 90).alter).toBe('ALTER TABLE events MODIFY TTL toDateTime(ts) + toIntervalDay(90)');
    expect(retentionTarget(SERVER, 'sessions', 30).alter).toBe('ALTER TABLE sessions MODIFY TTL date + toIntervalDay(30)');
  });
});

const ddl = clusterDdlText(await loadClickHouseMigrations());
const ddlStatements = ddl
  .replace(/^\s*--.*$/gm, '')
  .split(/;\s*$/m)
  .map((s) => s.trim())
  .filter(Boolean);

describe('cluster DDL (pnpm clickhouse:cluster-ddl)', () => {
  it('has a replicated shard table and a Distributed twin for every table the migrations create', async () => {
    const migrations = (await loadClickHouseMigrations()).flatMap((m) => m.statements);
    const created = new Set(migrations.flatMap((sql) => [...sql.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]!)));
    const dropped = new Set(migrations.flatMap((sql) => [...sql.matchAll(/DROP TABLE IF EXISTS (\w+)/g)].map((m) => m[1]!)));
    const tables = [...created].filter((t) => !dropped.has(t));
    expect(tables).toContain('events');
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      expect(ddl, table).toMatch(
        new RegExp(
          `CREATE TABLE IF NOT EXISTS curb\\.${table}_local ON CLUSTER curb[\\s\\S]*?ENGINE = ` +
            `Replicated\\w*MergeTree\\('/clickhouse/tables/\\{shard\\}/curb/${table}_local', '\\{replica\\}'(, \\w+)?\\)`,
        ),
      );
      expect(ddl, table).toMatch(
        new RegExp(
          `CREATE TABLE IF NOT EXISTS curb\\.${table} ON CLUSTER curb AS curb\\.${table}_local\\s+ENGINE = Distributed\\(curb, ` +
            `curb, ${table}_local,`,
        ),
      );
    }
  });

  it('adds every column the migrations add on the shard tables and their Distributed twins, and rewrites it on the shards', async () => {
    const migrations = (await loadClickHouseMigrations()).flatMap((m) => m.statements);
    // Of the tables still there: what a later migration drops, the cluster never creates.
    const dropped = new Set(migrations.flatMap((sql) => [...sql.matchAll(/DROP TABLE IF EXISTS (\w+)/g)].map((m) => m[1]!)));
    const added = migrations
      .flatMap((sql) => [...sql.matchAll(/ALTER TABLE (\w+) ADD COLUMN IF NOT EXISTS (\w+) ([^\n]+)/g)])
      .filter(([, table]) => !dropped.has(table!));
    expect(added.length).toBeGreaterThan(0);
    for (const [, table, column, type] of added) {
      const onShards = `ALTER TABLE curb.${table}_local ON CLUSTER curb ADD COLUMN IF NOT EXISTS ${column} ${type}`;
      expect(ddl).toContain(onShards);
      expect(ddl).toContain(
        `ALTER TABLE curb.${table} ON CLUSTER curb ADD COLUMN IF NOT EXISTS ${column} ${type!.replace(/\s*DEFAULT.*$/, '')};`,
      );
      // The default the shards compute is the migration's.
      const ownDefault = migrations.find((sql) => sql.includes(`ADD COLUMN IF NOT EXISTS ${column}`))!.replace(/^[\s\S]*?DEFAULT/, '');
      expect(
        ddl
          .slice(ddl.indexOf(onShards))
          .replace(/^[\s\S]*?DEFAULT/, '')
          .startsWith(ownDefault.replace(/\s+$/, '')),
      ).toBe(true);
    }
    for (const [, table, column] of migrations.flatMap((sql) => [...sql.matchAll(/ALTER TABLE (\w+) MATERIALIZE COLUMN (\w+)/g)]))
      if (!dropped.has(table!)) expect(ddl).toContain(`ALTER TABLE curb.${table}_local ON CLUSTER curb MATERIALIZE COLUMN ${column};`);
  });

  it('feeds every rollup from the shard table into a shard table it creates (no cross-shard inserts)', () => {
    const views = [...ddl.matchAll(/CREATE MATERIALIZED VIEW IF NOT EXISTS curb\.(\w+) ON CLUSTER curb TO curb\.(\w+) AS([\s\S]*?);/g)];
    expect(views.length).toBeGreaterThanOrEqual(5);
    for (const [, name, target, select] of views) {
      expect(target, name).toMatch(/_local$/);
      expect(ddl, name).toContain(`CREATE TABLE IF NOT EXISTS curb.${target} ON CLUSTER curb\n`);
      // A rollup of events, or of the visits (whose rows reach a shard through the Distributed table).
      expect(select, name).toMatch(/FROM curb\.(events|visits)_local\b/);
      expect(
        [...select!.matchAll(/\b(?:FROM|JOIN)\s+([\w.]+)/g)].map((m) => m[1]).filter((t) => !/^curb\.\w+_local$/.test(t!)),
        name,
      ).toEqual([]);
    }
  });

  it('runs every statement on every node, and no backfill or other insert', () => {
    expect(ddlStatements.length).toBeGreaterThan(30);
    expect(ddlStatements.filter((sql) => !/^(CREATE|ALTER|DROP)\b[^\n]*? ON CLUSTER curb\b/.test(sql))).toEqual([]);
    expect(ddlStatements.filter((sql) => /^\s*INSERT\b/im.test(sql))).toEqual([]);
    expect(ddlStatements[0]).toBe('CREATE DATABASE IF NOT EXISTS curb ON CLUSTER curb');
  });

  it('drops from every node what the migrations drop, shard tables too, and creates none of it', async () => {
    const migrations = (await loadClickHouseMigrations()).flatMap((m) => m.statements);
    const drops = migrations.flatMap((sql) => [...sql.matchAll(/DROP (TABLE|VIEW) IF EXISTS (\w+)/g)].map((m) => [m[1]!, m[2]!] as const));
    const views = new Set(
      migrations.flatMap((sql) => [...sql.matchAll(/CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+)/g)].map((m) => m[1]!)),
    );
    expect(drops.map(([, name]) => name)).toEqual(expect.arrayContaining(['pages_daily', 'ab_exposures', 'ab_exposures_mv']));
    for (const [kind, name] of drops) {
      expect(ddl).toContain(`DROP ${kind} IF EXISTS curb.${name} ON CLUSTER curb;`);
      if (kind === 'TABLE' && !views.has(name)) expect(ddl).toContain(`DROP TABLE IF EXISTS curb.${name}_local ON CLUSTER curb;`);
      expect(ddl).not.toMatch(new RegExp(`CREATE (TABLE|MATERIALIZED VIEW) IF NOT EXISTS curb\\.${name}(_local)? `));
    }
  });

  it('shards the events by visitor, and each table by a column it has', () => {
    expect(ddl).toContain(
      'CREATE TABLE IF NOT EXISTS curb.events ON CLUSTER curb AS curb.events_local\n' +
        'ENGINE = Distributed(curb, curb, events_local, visitor_id);',
    );
    for (const [table, { key }] of Object.entries(SHARDING_KEYS)) {
      const local = new RegExp(`CREATE TABLE IF NOT EXISTS curb\\.${table}_local ON CLUSTER curb\\n\\(([\\s\\S]*?)\\n\\)\\nENGINE`).exec(
        ddl,
      );
      if (!local) continue; // a table a later migration dropped
      expect(
        local[1]!.split(',\n').map((c) => c.trim().split(/\s+/)[0]),
        table,
      ).toContain(key);
      expect(ddl, table).toContain(`ENGINE = Distributed(curb, curb, ${table}_local, ${key});`);
    }
  });
});

describe('docker-compose.yml', () => {
  // `<<: *service` is a YAML merge key, as Docker Compose reads it.
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        ports?: string[];
        environment?: Record<string, string>;
        depends_on?: object;
        networks?: unknown;
        volumes?: string[];
      }
    >;
    networks: Record<string, { ipam: { config: Array<{ subnet: string }> } }>;
    volumes: Record<string, object>;
  };
  const services = compose.services;

  it('puts one reverse proxy in front: /api/events to the collector, the rest to the api', () => {
    const proxy = services.proxy!;
    expect(proxy.ports).toEqual(['8080:80']);
    const caddyfile = read('infra/proxy/Caddyfile');
    expect(proxy.volumes).toContain('./infra/proxy/Caddyfile:/etc/caddy/Caddyfile:ro');
    // Beacons to every collector replica (looked up by DNS), the rest to the api.
    expect(caddyfile).toMatch(
      /handle \/api\/events\* \{\s*reverse_proxy \{[^}]*?dynamic a collector 3000 \{\s*refresh 5s\s*\}\s*lb_policy round_robin/,
    );
    expect(caddyfile).toMatch(/handle \{\s*reverse_proxy api:3000\s*\}/);
    expect([...caddyfile.matchAll(/^\s*handle\b/gm)]).toHaveLength(2);
    // Only the proxy is reachable from outside: the browser sees one origin.
    for (const [name, service] of Object.entries(services)) if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
  });

  it('trusts forwarded addresses from the proxy only, and every service starts with a valid configuration', () => {
    const proxyAddress = (services.proxy!.networks as Record<string, { ipv4_address: string }>).curb!.ipv4_address;
    expect(compose.networks.curb!.ipam.config[0]!.subnet).toBe('10.77.0.0/24');
    expect(proxyAddress).toMatch(/^10\.77\.0\.\d+$/);
    for (const name of ['api', 'collector', 'worker']) {
      const env = services[name]!.environment!;
      expect(env.TRUST_PROXY, name).toBe(proxyAddress);
      expect(() => parseConfig(env), name).not.toThrow();
      expect(parseConfig(env).PUBLIC_URL).toBe('http://localhost:8080');
    }
  });

  it('gives each collector replica its own data directory, and the api and worker a shared one', () => {
    for (const name of ['api', 'collector', 'worker']) expect(services[name]!.environment!.DATA_DIR, name).toBe('/data');
    // An anonymous volume: one per replica of a scaled collector, so no two share a spool.
    expect(services.collector!.volumes).toEqual(['.:/app', '/data']);
    // The worker writes the mail outbox the admin (api) reads.
    expect(services.api!.volumes).toEqual(['.:/app', 'appdata:/data']);
    expect(services.worker!.volumes).toEqual(services.api!.volumes);
    expect(Object.keys(compose.volumes)).toContain('appdata');
  });

  it('names only services that exist as dependencies', () => {
    for (const [name, service] of Object.entries(services)) {
      const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const dep of deps) expect(Object.keys(services), `${name} → ${dep}`).toContain(dep);
    }
  });
});
