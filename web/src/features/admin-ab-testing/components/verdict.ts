// What the A/B page says about a test's leader and a variant's uplift.
import { SIGNIFICANCE_LEVEL, type AbTestSummary, type AbVariantStats } from '@curb/contracts/analytics';
import type { BadgeTone } from '@/components/admin/badge';

const CONFIDENCE = `${Math.round((1 - SIGNIFICANCE_LEVEL) * 100)}%`;
const percent = (n: number) => `${n.toFixed(1)}%`;
const pValueText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/**
 * The p-value behind a significant lead: the leader against control, or, when control leads,
 * its closest call against another variant (the lead holds only if every one of them is significant).
 */
function leadPValue(summary: AbTestSummary, leader: string): number | null {
  const others =
    leader === summary.control ? summary.variants.filter((v) => !v.isControl) : summary.variants.filter((v) => v.variant === leader);
  const pValues = others.map((v) => v.pValue);
  if (pValues.length === 0 || pValues.some((p) => p === null)) return null;
  return Math.max(...(pValues as number[]));
}

/**
 * The winner is the variant with the highest conversion rate. It is said once: called the
 * winner, with its significance, only when its lead is significant (95 %, enough sample, an
 * intact split); until then it is the highest rate and not yet significant, so the owner does
 * not act on noise.
 */
export function leaderVerdict(leader: string | null, summary: AbTestSummary | undefined): { tone: BadgeTone; text: string } {
  if (leader === null) return { tone: 'gray', text: 'No winner yet' };
  if (!summary?.significant) return { tone: 'yellow', text: `Highest rate: ${leader} — not yet significant` };
  const p = leadPValue(summary, leader);
  return { tone: 'green', text: `Winner: ${leader} — significant at ${CONFIDENCE}${p === null ? '' : ` (${pValueText(p)})`}` };
}

/**
 * A variant's uplift over control and its 95 % interval, or why there is none: control has
 * nothing to compare with itself, a control without conversions has no rate to compare with,
 * and a variant without conversions is at −100 % with no interval to give.
 */
export function upliftText(v: AbVariantStats): string {
  if (v.isControl) return '—';
  if (v.uplift === null) return '— (control has no conversions)';
  if (v.upliftLow === null || v.upliftHigh === null) return `${percent(v.uplift)} (no interval: no conversions yet)`;
  return `${percent(v.uplift)} (${percent(v.upliftLow)} to ${percent(v.upliftHigh)})`;
}
