// A/B dashboard: per test and variant, exposed visitors and how many of them clicked and
// converted, the raw daily counts, and per test the statistics of stats.ts.
import {
  MIN_EXPOSURES_PER_VARIANT,
  SIGNIFICANCE_LEVEL,
  SRM_P_VALUE_THRESHOLD,
  type AbConversionRow,
  type AbRawRow,
  type AbTestingResponse,
  type AbTestSummary,
} from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { HUMAN_DAYS_IN_WINDOW, lastDays, percent, round } from './period.ts';
import { chanceToBeatControl, relativeUplift, sampleRatioMismatch, twoProportionPValue } from './stats.ts';

/** The tracker's A/B events; `props.variant_text` carries the text the visitor saw. */
export const AB_EVENTS = { impression: 'ab_impression', click: 'ab_click', conversion: 'ab_conversion' } as const;

// One row per assignment unit and variant first (from the ab_units rollup, one row per unit
// and day), so a unit counts once and clicks or conversions count only for units that saw
// the variant. The unit is the one the tracker drew the variant for (AB_UNIT_PROP). The test
// and variant are grouped as one number, a 64-bit hash of the pair: grouping every unit by two
// LowCardinality strings and the unit cost twice as much (90 days, 10 M events: 83 → 55 ms;
// 50 M: 370 → 210 ms); the pair's names and the text the variant showed are read per pair.
const CONVERSION_SQL = `
SELECT t.testType AS testType, t.arm AS variant, t.variantText AS variantText, impressions, clicks, conversions
FROM (
  SELECT pair, count() AS impressions, countIf(clicked) AS clicks, countIf(converted) AS conversions
  FROM (
    SELECT cityHash64(test_type, variant) AS pair, unit,
           max(saw) AS exposed, max(did_click) AS clicked, max(did_convert) AS converted
    FROM ab_units
    WHERE ${HUMAN_DAYS_IN_WINDOW}
    GROUP BY pair, unit
  )
  WHERE exposed
  GROUP BY pair
) AS c
INNER JOIN (
  SELECT cityHash64(test_type, variant) AS pair, toString(any(test_type)) AS testType, toString(any(variant)) AS arm,
         anyIf(variant_text, variant_text != '') AS variantText
  FROM ab_units
  WHERE ${HUMAN_DAYS_IN_WINDOW}
  GROUP BY pair
) AS t USING (pair)
ORDER BY testType, variant`;

const RAW_SQL = `
SELECT toString(date) AS day, toString(test_type) AS testType, toString(variant) AS arm, toString(name) AS event,
       toString(source) AS src, sum(events) AS count
FROM events_daily
WHERE ${HUMAN_DAYS_IN_WINDOW} AND name IN ('ab_impression', 'ab_click', 'ab_conversion') AND test_type != '' AND variant != ''
GROUP BY day, testType, arm, event, src
ORDER BY day DESC, testType, arm, event, count DESC
LIMIT {limit:UInt32}`;

export const RAW_ROW_LIMIT = 1000;

/** The dashboard's SQL, the same on every engine (listed in catalog.ts). */
export const abTestingSql = { conversion: CONVERSION_SQL, raw: RAW_SQL };

interface CountRow {
  testType: string;
  variant: string;
  variantText: string;
  impressions: string | number;
  clicks: string | number;
  conversions: string | number;
}

export async function abTestingDashboard(ch: ClickHouse, days: number, now = Date.now()): Promise<AbTestingResponse> {
  const window = lastDays(days, now);
  const [counts, raw] = await Promise.all([
    ch.query<CountRow>(CONVERSION_SQL, { ...window }),
    ch.query<{ day: string; testType: string; arm: string; event: string; src: string; count: string | number }>(RAW_SQL, {
      ...window,
      limit: RAW_ROW_LIMIT,
    }),
  ]);
  const conversionRates: AbConversionRow[] = counts.map((r) => {
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
  return {
    days,
    conversionRates,
    rawData: raw.map(
      (r): AbRawRow => ({ date: r.day, testType: r.testType, variant: r.arm, event: r.event, source: r.src, count: Number(r.count) }),
    ),
    tests: summariseTests(conversionRates),
  };
}

/** Control is variant A (spec: "A or other"), else the first variant by name. */
export function summariseTests(rows: AbConversionRow[]): AbTestSummary[] {
  const byTest = new Map<string, AbConversionRow[]>();
  for (const row of rows) byTest.set(row.testType, [...(byTest.get(row.testType) ?? []), row]);
  return [...byTest].map(([testType, variants]) => {
    const sorted = [...variants].sort((a, b) => a.variant.localeCompare(b.variant));
    const control = sorted.find((v) => v.variant === 'A') ?? sorted[0]!;
    const arm = (v: AbConversionRow) => ({ exposures: v.impressions, conversions: v.conversions });
    const rates = sorted.map((v) => (v.impressions ? v.conversions / v.impressions : 0));
    const best = Math.max(...rates);
    const leaders = sorted.filter((_, i) => rates[i] === best);
    const srm = sampleRatioMismatch(sorted.map((v) => v.impressions));
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
      srm: { chiSquare: round(srm.chiSquare, 4), pValue: srm.pValue, mismatch },
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
          uplift: uplift ? round(uplift.uplift * 100, 2) : null,
          upliftLow: uplift ? round(uplift.low * 100, 2) : null,
          upliftHigh: uplift ? round(uplift.high * 100, 2) : null,
          pValue: isControl ? null : twoProportionPValue(arm(control), arm(v)),
          chanceToBeatControl: isControl ? null : chanceToBeatControl(arm(control), arm(v)),
        };
      }),
    };
  });
}
