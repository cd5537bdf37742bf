// The A/B tests the owner runs from the A/B Testing page: each test's split between
// its variants, paused or running, or its winner rolled out to every new unit. The tracker
// draws a new unit's variant with these weights and keeps a unit's variant once it has seen it,
// so a change of split moves only units that had not seen the test yet.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { BaseVersionSchema } from './edit-versions.ts';

export const AB_TEST_STATUSES = ['running', 'paused', 'rolled-out'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];

/** The tests the site runs and their variants (control first). */
export const AB_TESTS = { audit_popup: ['A', 'B'] } as const satisfies Record<string, readonly string[]>;
export type AbTestType = keyof typeof AB_TESTS;
export const isAbTestType = (value: string): value is AbTestType => Object.hasOwn(AB_TESTS, value);
/** The test whose variants are the audit popup's: its texts are the popup's, set in the Popup Creator. */
export const POPUP_TEST_TYPE = 'audit_popup' satisfies AbTestType;

/** Percent of new units per variant (whole numbers that add up to 100). */
export const AbWeightsSchema = Type.Record(Type.String({ maxLength: 16 }), Type.Integer({ minimum: 0, maximum: 100 }));
export type AbWeights = Static<typeof AbWeightsSchema>;

/** What the site needs to draw and show a test's variant. */
export const PublicAbTestSchema = Type.Object({
  testType: Type.String(),
  status: Type.Union(AB_TEST_STATUSES.map((s) => Type.Literal(s))),
  /** While running: the split of new units. Rolled out: 100 for the winner. */
  weights: AbWeightsSchema,
  /** The rolled-out variant, else null. */
  winner: Type.Union([Type.String(), Type.Null()]),
});
export type PublicAbTest = Static<typeof PublicAbTestSchema>;

/** A test as the A/B Testing page shows and changes it. */
export const AbTestStateSchema = Type.Composite([
  PublicAbTestSchema,
  Type.Object({
    variants: Type.Array(Type.String()),
    /** The text each variant shows new visitors now (its headline). */
    copy: Type.Record(Type.String(), Type.String()),
    /** The phase the test is in: a new one begins whenever a variant's text changes. */
    phase: Type.Object({
      number: Type.Integer({ minimum: 1 }),
      startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    /** The version a change is made on (0 while the test was never changed). */
    version: Type.Integer(),
    changedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    changedBy: Type.Union([Type.String(), Type.Null()]),
    history: Type.Array(
      Type.Object({
        status: Type.String(),
        weights: AbWeightsSchema,
        winner: Type.Union([Type.String(), Type.Null()]),
        changedAt: Type.String({ format: 'date-time' }),
        changedBy: Type.String(),
      }),
    ),
  }),
]);
export type AbTestState = Static<typeof AbTestStateSchema>;

export const AbTestParamsSchema = Type.Object({ testType: Type.String({ pattern: '^[a-z0-9_]{1,64}$' }) }, { additionalProperties: false });

/**
 * A change the owner makes: a new split (running), a pause, or rolling a variant out; each made
 * on the version of the test the page showed (`baseVersion`), refused when someone changed it since.
 */
const change = <T extends Record<string, TSchema>>(fields: T) =>
  Type.Object({ ...fields, baseVersion: BaseVersionSchema }, { additionalProperties: false });
export const AbTestChangeSchema = Type.Union([
  change({ action: Type.Literal('split'), weights: AbWeightsSchema }),
  change({ action: Type.Literal('pause') }),
  change({ action: Type.Literal('resume') }),
  change({ action: Type.Literal('roll-out'), winner: Type.String({ maxLength: 16 }) }),
]);
export type AbTestChange = Static<typeof AbTestChangeSchema>;

/** A test nobody changed: running with an equal split. */
export function defaultAbTest(testType: AbTestType): PublicAbTest {
  const variants = AB_TESTS[testType];
  const share = Math.floor(100 / variants.length);
  const weights = Object.fromEntries(variants.map((v, i) => [v, i === 0 ? 100 - share * (variants.length - 1) : share]));
  return { testType, status: 'running', weights, winner: null };
}

/** Why a split is refused, or null: every variant named once, whole percents adding up to 100. */
export function weightsProblem(testType: AbTestType, weights: AbWeights): string | null {
  const variants: readonly string[] = AB_TESTS[testType];
  const unknown = Object.keys(weights).find((v) => !variants.includes(v));
  if (unknown !== undefined) return `The split names variant "${unknown}", which this test does not have (${variants.join(', ')}).`;
  const missing = variants.find((v) => weights[v] === undefined);
  if (missing !== undefined) return `The split must give variant ${missing} a share.`;
  const total = variants.reduce((sum, v) => sum + weights[v]!, 0);
  if (total !== 100) return `The split must add up to 100 % (it adds up to ${total} %).`;
  return null;
}
