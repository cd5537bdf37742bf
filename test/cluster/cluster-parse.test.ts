// The cluster and server SQL, parsed by the ClickHouse engine itself: the cluster rules' test
// (cluster-rules.test.ts) reads these statements with regular expressions, and only the chDB
// profile's are ever executed here, so a syntax error in another profile's SQL or in the cluster
// DDL (`pnpm clickhouse:cluster-ddl`, generated from the migrations) would otherwise reach an
// operator first. EXPLAIN AST parses a statement (query parameters and ON CLUSTER included)
// without running it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClickHouseMigrations } from '@curb/analytics';
import { clusterDdl } from '@curb/analytics/cluster-ddl';
import { dashboardStatements } from '@curb/analytics/dashboards/catalog';
import { clusterProfile, SERVER, type EngineProfile } from '@curb/analytics/engine';
import { conversionGoals } from '@curb/analytics/stats/goals';
import { planQuery } from '@curb/analytics/stats/query';
import { rollupSql } from '@curb/analytics/stats/rollup';
import { statsSql } from '@curb/analytics/stats/sql';
import { rebuildVisitsSql } from '@curb/analytics/visits';
import type { StatsQuery } from '@curb/contracts/stats';
import { createTestClickHouse } from '../harness.ts';

type TestClickHouse = Awaited<ReturnType<typeof createTestClickHouse>>;

/** The stats layer's statement shapes: figures, each kind of breakdown, filters of each kind. */
function trafficStatements(engine: EngineProfile): string[] {
  const goals = conversionGoals(['inline-audit']);
  const now = Date.parse('2026-11-20T12:00:00Z');
  const queries: StatsQuery[] = [
    { metrics: ['visitors', 'visits', 'pageviews', 'bounce_rate', 'visit_duration', 'conversion_rate'], date_range: '30d' },
    { metrics: ['visitors'], date_range: '7d', dimensions: ['time:day'] },
    { metrics: ['visitors', 'pageviews'], date_range: '7d', dimensions: ['event:page'], filters: [['contains', 'event:page', ['blog']]] },
    { metrics: ['visitors', 'events', 'conversion_rate'], date_range: '7d', dimensions: ['event:goal'] },
    { metrics: ['visitors', 'leads'], date_range: 'realtime', dimensions: ['visit:channel'], filters: [['is', 'event:goal', ['Lead']]] },
    { metrics: ['visitors', 'events'], date_range: 'day', dimensions: ['visit:country'], filters: [['is', 'visit:device', ['Mobile']]] },
  ];
  // And two the hourly rollup answers (a chart of visits, a filtered breakdown), in a zone of whole hours.
  const fromRollup: StatsQuery[] = [
    { metrics: ['visits', 'bounce_rate'], date_range: '30d', dimensions: ['time:day'] },
    { metrics: ['visits', 'pageviews'], date_range: '7d', dimensions: ['visit:source'], filters: [['contains', 'visit:source', ['goo']]] },
  ];
  return [
    ...queries.map((query) => {
      const plan = { ...planQuery(query, { timeZone: 'UTC', now, goals }), goals };
      return statsSql(plan, plan.range, goals, engine).sql;
    }),
    ...fromRollup.map((query) => {
      const plan = { ...planQuery(query, { timeZone: 'America/New_York', now, goals }), goals };
      return rollupSql(plan, plan.range, engine)!.sql;
    }),
  ];
}

/**
 * A statement with each query parameter (`{name:Type}`) written as a literal of its kind, since
 * EXPLAIN wants them bound: parsing only needs an expression (or a name) in its place.
 */
const withLiterals = (sql: string) =>
  sql.replace(/\{(\w+):([^{}]+)\}/g, (_, _name: string, type: string) =>
    type === 'Identifier' ? 'placeholder' : /^(U?Int|Float)\d+$/.test(type) ? '0' : 'NULL',
  );

/** The statements ClickHouse's parser refuses, each with the start of its error. */
async function unparsed(ch: TestClickHouse, statements: string[]): Promise<string[]> {
  const refused: string[] = [];
  for (const sql of statements) {
    try {
      await ch.query(`EXPLAIN AST ${withLiterals(sql)}`);
    } catch (error) {
      refused.push(`${sql.slice(0, 80).replace(/\s+/g, ' ')}… → ${String((error as Error).message).slice(0, 160)}`);
    }
  }
  return refused;
}

describe('SQL of the engines that do not run here, parsed by ClickHouse', () => {
  let ch: TestClickHouse;
  beforeAll(async () => {
    ch = await createTestClickHouse();
  });
  afterAll(() => ch?.drop());

  const profiles: Array<[string, EngineProfile]> = [
    ['server', SERVER],
    ['cluster', clusterProfile('curb')],
  ];
  for (const [name, engine] of profiles) {
    it(`parses every dashboard statement of the ${name} profile`, async () => {
      const statements = Object.values(dashboardStatements(engine)).flat();
      expect(statements.length).toBeGreaterThan(20);
      expect(await unparsed(ch, statements)).toEqual([]);
    });
  }

  for (const [name, engine] of profiles) {
    it(`parses the Traffic statements and the visit builder of the ${name} profile`, async () => {
      const statements = [...trafficStatements(engine), rebuildVisitsSql(engine)];
      expect(statements.length).toBe(9);
      expect(await unparsed(ch, statements)).toEqual([]);
    });
  }

  it('parses every statement of the cluster DDL', async () => {
    const statements = clusterDdl(await loadClickHouseMigrations()).statements.map((s) => s.sql);
    expect(statements.length).toBeGreaterThan(30);
    expect(await unparsed(ch, statements)).toEqual([]);
  });

  it('refuses a statement with a syntax error (the check can fail)', async () => {
    expect(await unparsed(ch, ['SELECT count( FROM events'])).toHaveLength(1);
  });
});
