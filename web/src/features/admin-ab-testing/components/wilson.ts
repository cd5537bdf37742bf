/**
 * 95 % Wilson score interval of a conversion rate, in percent. Better than the normal
 * approximation for the small counts a young test has.
 */
export function wilsonInterval(conversions: number, exposures: number, z = 1.96): { low: number; high: number } {
  if (exposures <= 0) return { low: 0, high: 0 };
  const p = Math.min(1, Math.max(0, conversions / exposures));
  const z2 = z * z;
  const centre = (p + z2 / (2 * exposures)) / (1 + z2 / exposures);
  const margin = (z * Math.sqrt((p * (1 - p)) / exposures + z2 / (4 * exposures * exposures))) / (1 + z2 / exposures);
  return { low: Math.max(0, centre - margin) * 100, high: Math.min(1, centre + margin) * 100 };
}
