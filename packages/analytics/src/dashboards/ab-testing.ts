// A/B dashboard: per test and variant, exposed visitors and how many of them clicked and
// converted, the raw daily counts, and per test the statistics of stats.ts.
import {
  MIN_EXPOSURES_PER_VARIANT,
  SIGNIFICANCE_LEVEL,
  SRM_P_VALUE_THRESHOLD,
  type AbConversionRow,
  type AbPhaseResult,
  type AbRawRow,
  type AbTestingResponse,
  type AbTestSummary,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { perEngine } from '../engine.ts';
import { type BackgroundWork, bothParts, closedDaysSnapshots, computeMissingLater, keyFlagsQuery, readClosedDays } from './closed-days.ts';
import { chTime, DAY_MS, HUMAN_DAYS_IN_WINDOW, lastDays, percent, round } from './period.ts';
import { chanceToBeatControl, relativeUplift, sampleRatioMismatch, twoProportionPValue } from './stats.ts';

/** The tracker's A/B events; `props.variant_text` carries the text the visitor saw. */
export const AB_EVENTS = { impression: 'ab_impression', click: 'ab_click', conversion: 'ab_conversion' } as const;

// A unit's flags over a span of days: saw 1, clicked 2, converted 4 (from the ab_units rollup,
// one row per unit and day). The unit is the one the tracker drew the variant for
// (AB_UNIT_PROP), so a unit counts once and clicks or conversions count only for units that
// saw the variant. The test and variant are grouped as one number, a 64-bit hash of the pair:
// grouping every unit by two LowCardinality strings and the unit cost twice as much.
const UNIT_FLAGS = 'toUInt8(max(saw) + 2 * max(did_click) + 4 * max(did_convert))';

/**
 * The periods whose closed days are kept in runs: only the 90 days, where grouping every unit
 * costs more than reading a run; 7 and 30 days group their units in one statement each.
 */
export const AB_RUN_DAYS = [90] as const;

/**
 * The units and the pairs' names over the period, from closed-days snapshots (closed-days.ts):
 * for AB_RUN_DAYS the closed days' units with their flags, and their number per pair and flags,
 * are stored once a day, and a request reads those counts and moves only the units seen since to
 * their flags now, instead of grouping every unit of the period.
 */
export const abSnapshots = perEngine((engine) =>
  closedDaysSnapshots(
    engine,
    [
      keyFlagsQuery({
        kind: 'ab_units',
        table: 'ab_unit_flags_closed',
        rows: (days) => `
SELECT cityHash64(test_type, variant) AS pair, unit, ${UNIT_FLAGS} AS flags
FROM ab_units
WHERE ${days}
GROUP BY pair, unit`,
        keys: { group: ['pair'], key: 'cityHash64(pair, unit)', combine: (stored, now) => `bitOr(${stored}, ${now})` },
        read: (counts) => `
SELECT toString(pair) AS pair, sumIf(n, bitAnd(flags, 1) = 1) AS impressions, sumIf(n, bitAnd(flags, 3) = 3) AS clicks,
       sumIf(n, bitAnd(flags, 5) = 5) AS conversions
FROM (${counts})
GROUP BY pair`,
      }),
      {
        kind: 'ab_pairs',
        table: 'ab_pairs_closed',
        columns: ['pair', 'test_type', 'variant', 'variant_text'],
        rows: (days) => `
SELECT pair, any(test) AS test_type, any(arm) AS variant, anyIf(text, text != '') AS variant_text
FROM (SELECT cityHash64(test_type, variant) AS pair, test_type AS test, variant AS arm, variant_text AS text FROM ab_units WHERE ${days})
GROUP BY pair`,
        read: (closed, since) => `
SELECT toString(pair) AS pair, toString(any(test_type)) AS testType, toString(any(variant)) AS arm,
       anyIf(variant_text, variant_text != '') AS variantText
FROM ${bothParts(closed, since)}
GROUP BY pair`,
      },
    ],
    AB_RUN_DAYS,
  ),
);

const RAW_SQL = `
SELECT toString(date) AS day, toString(test_type) AS testType, toString(variant) AS arm, toString(name) AS event,
       toString(source) AS src, sum(events) AS count
FROM events_daily
WHERE ${HUMAN_DAYS_IN_WINDOW} AND name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY day, testType, arm, event, src
ORDER BY day DESC, testType, arm, event, count DESC
LIMIT {limit:UInt32}`;

export const RAW_ROW_LIMIT = 1000;

/**
 * One phase of one test, per variant and the text its units saw: units exposed from {from} to
 * {to} (exclusive), and of those, units that clicked and converted within it. The days wholly
 * inside come from the ab_units rollup; the first and last day, cut at the phase's edges, from
 * the events themselves, so a phase counts nothing from before it began. The unit is the one
 * ab_units_mv computes; its text, the text it saw (its longest, should it have seen two).
 */
const PHASE_SQL = `
SELECT toString(variant) AS arm, text, count() AS units, countIf(bitAnd(flags, 3) = 3) AS clicks,
       countIf(bitAnd(flags, 5) = 5) AS conversions
FROM (
  SELECT variant, unit, ${UNIT_FLAGS} AS flags, max(variant_text) AS text
  FROM (
    SELECT variant, unit, saw, did_click, did_convert, variant_text
    FROM ab_units
    WHERE is_bot = 0 AND test_type = {testType:String}
      AND date > toDate({from:DateTime64(3)}) AND date < toDate({to:DateTime64(3)})
    UNION ALL
    SELECT variant, cityHash64(if(props['ab_unit'] != '', props['ab_unit'], concat('visitor:', toString(visitor_id)))) AS unit,
           toUInt8(name = 'ab_impression') AS saw, toUInt8(name = 'ab_click') AS did_click,
           toUInt8(name = 'ab_conversion') AS did_convert, if(name = 'ab_impression', props['variant_text'], '') AS variant_text
    FROM events
    WHERE toDate(ts) IN (toDate({from:DateTime64(3)}), toDate({to:DateTime64(3)}))
      AND name IN ('ab_impression', 'ab_click', 'ab_conversion') AND is_bot = 0 AND test_type = {testType:String} AND variant != ''
      AND ts >= {from:DateTime64(3)} AND ts < {to:DateTime64(3)}
  )
  GROUP BY variant, unit
)
WHERE bitAnd(flags, 1) = 1
GROUP BY arm, text`;

/**
 * The texts each variant showed from {from} on, by how many unit-days saw each: names a current
 * phase that began before the period, whose counts are the period's own (read from the closed
 * days), without grouping every unit of the period a second time.
 */
const TEXTS_SQL = `
SELECT toString(variant) AS arm, variant_text AS text, count() AS units
FROM ab_units
WHERE is_bot = 0 AND test_type = {testType:String} AND date >= toDate({from:DateTime64(3)}) AND variant_text != ''
GROUP BY arm, text`;

/** The dashboard's SQL, the same on every engine (listed in catalog.ts). */
export const abTestingSql = { raw: RAW_SQL, phase: PHASE_SQL, texts: TEXTS_SQL };

type N = string | number;
type UnitCounts = { pair: string; impressions: N; clicks: N; conversions: N };
type PairNames = { pair: string; testType: string; arm: string; variantText: string };
/** Text order as ClickHouse sorts it (bytes), not the locale's. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each test's split as the owner set it, for the split check: the percent per variant,
 * whether its winner is rolled out, and when it last changed (ms; null: never, an equal split).
 */
export type AbSplits = Record<string, { weights: Record<string, number>; rolledOut: boolean; changedAt: number | null }>;

/**
 * A phase of a test as the owner's store keeps it: from `startedAt` (ms; null: with the test)
 * to `endedAt` (null: the current phase), each variant showing `copy`.
 */
export interface AbPhase {
  testType: string;
  number: number;
  startedAt: number | null;
  endedAt: number | null;
  startedBy: string | null;
  reason: string | null;
  copy: Record<string, string>;
}

/** Per test and variant with an exposed unit, in the order of their names: the period's counts. */
function conversionRatesOf(closed: { ab_units: UnitCounts[]; ab_pairs: PairNames[] }): AbConversionRow[] {
  const names = new Map(closed.ab_pairs.map((p) => [p.pair, p]));
  return closed.ab_units
    .filter((c) => Number(c.impressions) > 0 && names.has(c.pair))
    .map((c) => {
      const { testType, arm, variantText } = names.get(c.pair)!;
      return { ...c, testType, variant: arm, variantText };
    })
    .sort((a, b) => byText(a.testType, b.testType) || byText(a.variant, b.variant))
    .map((r) => {
      const impressions = Number(r.impressions);
      const clicks = Number(r.clicks);
      const conversions = Number(r.conversions);
      return {
        testType: r.testType,
        variant: r.variant,
        variantText: r.variantText,
        impressions,
        clicks,
        conversions,
        clickRate: percent(clicks, impressions),
        conversionRate: percent(conversions, impressions),
      };
    });
}

/**
 * `options.background` receives the closed-days runs a request starts when there is none for
 * today (the route logs a failure, tests wait for them).
 */
export async function abTestingDashboard(
  ch: ClickHouse,
  days: number,
  now = Date.now(),
  options?: { background?: BackgroundWork; splits?: AbSplits; phases?: AbPhase[] },
): Promise<AbTestingResponse> {
  const window = lastDays(days, now);
  const windowStart = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const closedRead = readClosedDays<{ ab_units: UnitCounts[]; ab_pairs: PairNames[] }>(ch, abSnapshots(ch.engine), days);
  const periodRows = closedRead.then((closed) => conversionRatesOf(closed.rows));
  periodRows.catch(() => {}); // awaited below; a failure is the closed read's, answered there
  const [closed, raw, phases, conversionRates] = await Promise.all([
    closedRead,
    ch.query<{ day: string; testType: string; arm: string; event: string; src: string; count: string | number }>(RAW_SQL, {
      ...window,
      limit: RAW_ROW_LIMIT,
    }),
    phaseResults(ch, options?.phases ?? [], windowStart, now, options?.splits, periodRows),
    periodRows,
  ]);
  computeMissingLater([closed], options?.background);
  return {
    days,
    conversionRates,
    rawData: raw.map(
      (r): AbRawRow => ({ date: r.day, testType: r.testType, variant: r.arm, event: r.event, source: r.src, count: Number(r.count) }),
    ),
    tests: summariseTests(conversionRates, options?.splits, windowStart),
    phases,
  };
}

type PhaseCounts = { arm: string; text: string; units: N; clicks: N; conversions: N };
type TextCounts = { arm: string; text: string; units: N };

/** A variant's texts, the most seen first (ties by text): the first names the variant, the rest are listed beside it. */
const mostSeenFirst = (texts: TextCounts[]) =>
  texts.filter((t) => t.text !== '').sort((a, b) => Number(b.units) - Number(a.units) || byText(a.text, b.text));

/** The period's rows of a test, each variant named by the text most of it saw. */
function labelledRows(rows: AbConversionRow[], texts: TextCounts[]): { rows: AbConversionRow[]; otherTexts: Record<string, string[]> } {
  const otherTexts: Record<string, string[]> = {};
  const labelled = rows.map((r) => {
    const seen = mostSeenFirst(texts.filter((t) => t.arm === r.variant));
    if (seen.length > 1) otherTexts[r.variant] = seen.slice(1).map((t) => t.text);
    return { ...r, variantText: seen[0]?.text ?? r.variantText };
  });
  return { rows: labelled, otherTexts };
}

/** The phases that reach into the period, each counted over its part of it; per test, the current one first. */
async function phaseResults(
  ch: ClickHouse,
  phases: AbPhase[],
  windowStart: number,
  now: number,
  splits: AbSplits | undefined,
  periodRows: Promise<AbConversionRow[]>,
) {
  const shown = phases
    .filter((p) => p.endedAt === null || p.endedAt > windowStart)
    .sort((a, b) => byText(a.testType, b.testType) || b.number - a.number);
  return Promise.all(
    shown.map(async (p): Promise<AbPhaseResult> => {
      const from = Math.max(p.startedAt ?? windowStart, windowStart);
      // The current phase runs on: a bound past any event already stored.
      const to = p.endedAt ?? now + DAY_MS;
      // A current phase that began before the period counts what the period counts.
      const wholePeriod = p.endedAt === null && from === windowStart;
      const { rows, otherTexts } = wholePeriod
        ? await (async () => {
            const texts = ch.query<TextCounts>(TEXTS_SQL, { testType: p.testType, from: chTime(from) });
            const [period, seen] = await Promise.all([periodRows, texts]);
            return labelledRows(
              period.filter((r) => r.testType === p.testType),
              seen,
            );
          })()
        : phaseRows(p.testType, await ch.query<PhaseCounts>(PHASE_SQL, { testType: p.testType, from: chTime(from), to: chTime(to) }));
      return {
        testType: p.testType,
        number: p.number,
        startedAt: p.startedAt === null ? null : new Date(p.startedAt).toISOString(),
        endedAt: p.endedAt === null ? null : new Date(p.endedAt).toISOString(),
        startedBy: p.startedBy,
        reason: p.reason,
        copy: p.copy,
        countedFrom: new Date(from).toISOString(),
        rows,
        otherTexts,
        summary: rows.length ? summariseTests(rows, splits, from)[0]! : null,
      };
    }),
  );
}

/** A phase's counts per variant, summed over the texts its units saw; the text most of them saw names it. */
export function phaseRows(testType: string, counts: PhaseCounts[]): { rows: AbConversionRow[]; otherTexts: Record<string, string[]> } {
  const byVariant = new Map<string, PhaseCounts[]>();
  for (const c of counts) byVariant.set(c.arm, [...(byVariant.get(c.arm) ?? []), c]);
  const otherTexts: Record<string, string[]> = {};
  const rows = [...byVariant]
    .sort(([a], [b]) => byText(a, b))
    .map(([variant, texts]): AbConversionRow => {
      const sum = (key: 'units' | 'clicks' | 'conversions') => texts.reduce((n, t) => n + Number(t[key]), 0);
      const seen = mostSeenFirst(texts);
      if (seen.length > 1) otherTexts[variant] = seen.slice(1).map((t) => t.text);
      const impressions = sum('units');
      const clicks = sum('clicks');
      const conversions = sum('conversions');
      return {
        testType,
        variant,
        variantText: seen[0]?.text ?? '',
        impressions,
        clicks,
        conversions,
        clickRate: percent(clicks, impressions),
        conversionRate: percent(conversions, impressions),
      };
    });
  return { rows, otherTexts };
}

/** A fraction as a percent with 2 decimals; null when there is none. */
const asPercent = (fraction: number | null | undefined) => (fraction === null || fraction === undefined ? null : round(fraction * 100, 2));

/**
 * The split check of a test: against the owner's split when it held through the whole period,
 * none when it changed within it or the winner is rolled out (units then come from two splits).
 */
function splitCheck(
  variants: string[],
  split: AbSplits[string] | undefined,
  windowStart: number,
): { shares?: number[]; expected?: Record<string, number>; skipped?: string } {
  if (!split) return {};
  if (split.rolledOut) return { skipped: 'The winner is rolled out: new units all get it, so the split is not checked.' };
  if (split.changedAt !== null && split.changedAt > windowStart) {
    return { skipped: `The split changed on ${new Date(split.changedAt).toISOString().slice(0, 10)}, within this period: not checked.` };
  }
  const weights = variants.map((v) => split.weights[v] ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  if (!total) return {};
  return { shares: weights.map((w) => w / total), expected: Object.fromEntries(variants.map((v, i) => [v, weights[i]!])) };
}

/** Control is variant A (the version the site showed before the test), else the first variant by name. */
export function summariseTests(rows: AbConversionRow[], splits?: AbSplits, windowStart = 0): AbTestSummary[] {
  const byTest = new Map<string, AbConversionRow[]>();
  for (const row of rows) byTest.set(row.testType, [...(byTest.get(row.testType) ?? []), row]);
  return [...byTest].map(([testType, variants]) => {
    const sorted = [...variants].sort((a, b) => a.variant.localeCompare(b.variant));
    const control = sorted.find((v) => v.variant === 'A') ?? sorted[0]!;
    const arm = (v: AbConversionRow) => ({ exposures: v.impressions, conversions: v.conversions });
    const rates = sorted.map((v) => (v.impressions ? v.conversions / v.impressions : 0));
    const best = Math.max(...rates);
    const leaders = sorted.filter((_, i) => rates[i] === best);
    const check = splitCheck(
      sorted.map((v) => v.variant),
      splits?.[testType],
      windowStart,
    );
    const srm = check.skipped
      ? { chiSquare: 0, pValue: null }
      : sampleRatioMismatch(
          sorted.map((v) => v.impressions),
          check.shares,
        );
    const winner = leaders.length === 1 ? leaders[0]! : null;
    const underpowered = sorted.some((v) => v.impressions < MIN_EXPOSURES_PER_VARIANT);
    const mismatch = srm.pValue !== null && srm.pValue < SRM_P_VALUE_THRESHOLD;
    // The winner beats control (or, when control leads, control beats every other variant).
    const pValues =
      winner === null
        ? []
        : winner === control
          ? sorted.filter((v) => v !== control).map((v) => twoProportionPValue(arm(control), arm(v)))
          : [twoProportionPValue(arm(control), arm(winner))];
    const significant =
      winner !== null && !underpowered && !mismatch && pValues.length > 0 && pValues.every((p) => p !== null && p < SIGNIFICANCE_LEVEL);
    return {
      testType,
      control: control.variant,
      winner: winner?.variant ?? null,
      totalExposures: sorted.reduce((n, v) => n + v.impressions, 0),
      underpowered,
      srm: {
        chiSquare: round(srm.chiSquare, 4),
        pValue: srm.pValue,
        mismatch,
        ...(check.expected && { expected: check.expected }),
        ...(check.skipped && { skipped: check.skipped }),
      },
      significant,
      variants: sorted.map((v) => {
        const isControl = v === control;
        const uplift = isControl ? null : relativeUplift(arm(control), arm(v));
        return {
          variant: v.variant,
          isControl,
          exposures: v.impressions,
          conversions: v.conversions,
          conversionRate: v.conversionRate,
          uplift: asPercent(uplift?.uplift),
          upliftLow: asPercent(uplift?.low),
          upliftHigh: asPercent(uplift?.high),
          pValue: isControl ? null : twoProportionPValue(arm(control), arm(v)),
          chanceToBeatControl: isControl ? null : chanceToBeatControl(arm(control), arm(v)),
        };
      }),
    };
  });
}
