// The A/B tests the owner runs: GET lists each test's state (split, paused or its winner rolled
// out), when it last changed and by whom, its version, the text each variant shows now and the
// phase it is in (a new one begins when a variant's text changes: lib/ab-phases.ts); POST changes one, made on the version
// the page showed (a change made on an older one is refused). Every change is kept, and the site
// draws new units with it within seconds (`siteConfig.changed`).
import type { RouteApp } from '../../lib/route-app.ts';
import { Type } from '@sinclair/typebox';
import {
  AB_TESTS,
  AbTestChangeSchema,
  AbTestParamsSchema,
  AbTestStateSchema,
  defaultAbTest,
  isAbTestType,
  weightsProblem,
  type AbTestState,
  type AbTestType,
  type PublicAbTest,
} from '@curb/contracts/ab-tests';
import { abTests, editVersions } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { currentCopy } from '../../lib/ab-phases.ts';
import { claimVersion, whoIs } from '../../lib/edit-version.ts';

const FieldErrorSchema = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });
/** The test's name among the versioned sections of the admin. */
const sectionOf = (testType: string) => `ab-test:${testType}`;
/** Changes each test's history shows (newest first). */
const HISTORY_LIMIT = 20;

export default async function adminAbTestRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  const states = async (): Promise<AbTestState[]> => {
    const testTypes = Object.keys(AB_TESTS) as AbTestType[];
    const [rows, history, versions, copies, phases] = await Promise.all([
      abTests.list(sql),
      abTests.history(sql, HISTORY_LIMIT),
      Promise.all(testTypes.map((t) => editVersions.current(sql, sectionOf(t)))),
      Promise.all(testTypes.map((t) => currentCopy(sql, t))),
      abTests.phases(sql),
    ]);
    return testTypes.map((testType, i) => {
      const row = rows.find((r) => r.test_type === testType);
      const current: PublicAbTest = row
        ? { testType, status: row.status, weights: row.weights, winner: row.winner }
        : defaultAbTest(testType);
      const own = phases.filter((p) => p.test_type === testType);
      const startedAt = own.at(-1)?.started_at ?? null;
      return {
        ...current,
        variants: [...AB_TESTS[testType]],
        copy: copies[i]!,
        phase: { number: Math.max(own.length, 1), startedAt: startedAt?.toISOString() ?? null },
        version: versions[i]!.version,
        changedAt: row?.changed_at.toISOString() ?? null,
        changedBy: row?.changed_by ?? null,
        history: history
          .filter((h) => h.test_type === testType)
          .map((h) => ({
            status: h.status,
            weights: h.weights,
            winner: h.winner,
            changedAt: h.changed_at.toISOString(),
            changedBy: h.changed_by,
          })),
      };
    });
  };

  app.get('/api/admin/ab-tests', { schema: { response: { 200: Type.Array(AbTestStateSchema) } } }, async () => states());

  app.post(
    '/api/admin/ab-tests/:testType',
    { schema: { params: AbTestParamsSchema, body: AbTestChangeSchema, response: { 200: AbTestStateSchema, '4xx': FieldErrorSchema } } },
    async (request) => {
      const { testType } = request.params;
      if (!isAbTestType(testType)) throw new HttpError(404, `There is no A/B test "${testType}".`);
      const change = request.body;
      const variants: readonly string[] = AB_TESTS[testType];
      const changedBy = await whoIs(sql, request);
      await sql.begin(async (tx) => {
        await claimVersion(tx, sectionOf(testType), change.baseVersion, changedBy, 'This test was');
        const row = await abTests.lock(tx, testType);
        const current: PublicAbTest = row
          ? { testType, status: row.status, weights: row.weights, winner: row.winner }
          : defaultAbTest(testType);
        // The split a running test goes back to: the last one set before a pause or a roll-out.
        const lastSplit = current.status === 'rolled-out' ? defaultAbTest(testType).weights : current.weights;
        let next: PublicAbTest;
        if (change.action === 'split') {
          const invalid = weightsProblem(testType, change.weights);
          if (invalid) throw new HttpError(400, invalid, { field: 'weights' });
          next = { testType, status: 'running', weights: change.weights, winner: null };
        } else if (change.action === 'pause') {
          if (current.status === 'rolled-out')
            throw new HttpError(400, 'A rolled-out test cannot be paused: set a split to run it again.', { field: 'action' });
          next = { ...current, status: 'paused' };
        } else if (change.action === 'resume') {
          next = { testType, status: 'running', weights: lastSplit, winner: null };
        } else {
          if (!variants.includes(change.winner)) {
            throw new HttpError(400, `This test has no variant "${change.winner}" (${variants.join(', ')}).`, { field: 'winner' });
          }
          next = {
            testType,
            status: 'rolled-out',
            weights: Object.fromEntries(variants.map((v) => [v, v === change.winner ? 100 : 0])),
            winner: change.winner,
          };
        }
        await abTests.save(tx, testType, { status: next.status, weights: next.weights, winner: next.winner, changedBy });
      });
      await app.siteConfig.changed();
      return (await states()).find((s) => s.testType === testType)!;
    },
  );
}
