// The rules `pnpm lint:rules` enforces, each shown to refuse what it should.
import { describe, expect, it } from 'vitest';
import {
  clickHouseInServices,
  handBuiltClientErrors,
  handTypedRoutes,
  longLines,
  MAX_LINE,
  rawFormControls,
  sqlInServices,
  unusedDependencies,
} from '../scripts/house-rules.ts';

describe('house rules', () => {
  it('refuses a route that types its request by hand beside its schema', () => {
    const handTyped = "  app.post<{ Body: LoginBody }>(\n    '/api/login',";
    expect(handTypedRoutes('services/api/src/routes/auth/index.ts', handTyped)).toEqual([
      { line: 1, message: expect.stringMatching(/by hand/) },
    ]);
    expect(handTypedRoutes('services/api/src/routes/auth/index.ts', "  app.post(\n    '/api/login',")).toEqual([]);
    // Outside route and plugin modules a generic call is not a route.
    expect(handTypedRoutes('packages/audit/src/page.ts', handTyped)).toEqual([]);
  });

  it('refuses PostgreSQL written in a service instead of a packages/db repository', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a service, not a template
    const inline = '  const [row] = await sql`SELECT id FROM audits WHERE report_id = ${id}`;';
    expect(sqlInServices('services/api/src/routes/audit/index.ts', inline)).toEqual([
      { line: 1, message: expect.stringMatching(/repository/) },
    ]);
    expect(sqlInServices('services/worker/src/jobs/a.ts', 'await tx.unsafe(query);')).toHaveLength(1);
    expect(sqlInServices('services/api/src/routes/audit/index.ts', 'const row = await audits.findByReportId(sql, id);')).toEqual([]);
    // Repositories and tests may write SQL.
    expect(sqlInServices('packages/db/src/repositories/audits.ts', inline)).toEqual([]);
    expect(sqlInServices('services/api/src/routes/audit/audit.test.ts', inline)).toEqual([]);
  });

  it('refuses ClickHouse SQL written in a service instead of packages/analytics', () => {
    const inline = "    const rows = await ch.query<{ id: string }>('SELECT 1');";
    expect(clickHouseInServices('services/collector/src/lib/recent-ids.ts', inline)).toEqual([
      { line: 1, message: expect.stringMatching(/packages\/analytics/) },
    ]);
    expect(clickHouseInServices('services/worker/src/jobs/a.ts', "await stores.clickhouse.command('OPTIMIZE TABLE x');")).toHaveLength(1);
    expect(clickHouseInServices('services/collector/src/lib/recent-ids.ts', 'await recentEventIds(ch, 15, 10);')).toEqual([]);
    expect(clickHouseInServices('packages/analytics/src/recent-events.ts', inline)).toEqual([]);
    expect(clickHouseInServices('services/api/src/routes/x/x.test.ts', inline)).toEqual([]);
  });

  it('refuses a 4xx answered by hand instead of a thrown HttpError', () => {
    expect(
      handBuiltClientErrors('services/api/src/routes/admin-ab-tests/index.ts', '      if (problem) return reply.code(400).send(problem);'),
    ).toEqual([{ line: 1, message: expect.stringMatching(/HttpError/) }]);
    expect(handBuiltClientErrors('packages/runtime/src/x.ts', 'reply.status( 429 ).send(x)')).toHaveLength(1);
    expect(handBuiltClientErrors('services/api/src/routes/a/index.ts', 'return reply.code(201).send(row);')).toEqual([]);
    expect(handBuiltClientErrors('services/api/src/routes/a/index.ts', "throw new HttpError(400, 'No.', { field: 'slug' });")).toEqual([]);
  });

  it('names a declared dependency that no file of the package imports', () => {
    const manifest = {
      dependencies: { bowser: '2', 'fastify-plugin': '5', '@curb/db': 'workspace:*' },
      devDependencies: { '@types/node': '22' },
    };
    const texts = ["import Bowser from 'bowser';", "const { auditMail } = await import('@curb/db');"];
    expect(unusedDependencies(manifest, texts)).toEqual(['fastify-plugin']);
    // A subpath import counts; a longer name with the same start does not.
    expect(
      unusedDependencies({ dependencies: { lighthouse: '12' } }, ["import c from 'lighthouse/core/config/desktop-config.js';"]),
    ).toEqual([]);
    expect(unusedDependencies({ dependencies: { p: '1' } }, ["import pMap from 'p-map';"])).toEqual(['p']);
  });

  it('refuses a raw form control in a feature instead of the field family', () => {
    const feature = 'web/src/features/admin-traffic/components/filter-bar.tsx';
    const raw = [
      '      <label htmlFor="v">Value</label>',
      '      <input',
      '        id="v"',
      '        onChange={(e) => setValue(e.target.value)}',
      '      />',
      '      <select value={op} onChange={(e) => (e.target.value > "" ? setOp(e.target.value) : null)}>',
    ].join('\n');
    expect(rawFormControls(feature, raw)).toEqual([
      { line: 2, message: expect.stringMatching(/raw <input>.*field family/) },
      { line: 6, message: expect.stringMatching(/raw <select>/) },
    ]);
    expect(rawFormControls(feature, '<textarea rows={2} />')).toHaveLength(1);
    // A control inside Field's frame takes its id, description and invalid state from it.
    const framed = '{(control) => (\n  <textarea\n    {...control}\n    onKeyDown={(e) => e.key === ">" && send()}\n  />\n)}';
    expect(rawFormControls(feature, framed)).toEqual([]);
    expect(rawFormControls(feature, '<SelectField label="Operator" value={op}>')).toEqual([]);
    // The family itself, shared components and tests are not features.
    expect(rawFormControls('web/src/components/ui/form/field.tsx', raw)).toEqual([]);
    expect(rawFormControls('web/src/features/home/components/hero.test.tsx', raw)).toEqual([]);
  });

  it(`refuses lines over ${MAX_LINE} characters`, () => {
    expect(longLines('a.ts', `ok\n${'x'.repeat(MAX_LINE)}\n${'y'.repeat(MAX_LINE + 1)}`)).toEqual([
      { line: 3, message: expect.stringMatching(/141/) },
    ]);
  });
});
