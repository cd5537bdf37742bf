// The tracker's pure rules, apart from the browser so they can be tested on their own.
import { HIGH_INTENT_PAGES, MARKETING_FOCUSED_PATHS } from '@curb/contracts/tracking';

/** Page groups: a path containing audit or marketing is a marketing path. */
export const isMarketingPath = (path: string): boolean => /audit|marketing/i.test(path);

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const isMarketingFocused = (path: string): boolean => (MARKETING_FOCUSED_PATHS as readonly string[]).includes(trimSlash(path));

/** 3 or more distinct pages, including /services or any marketing path. */
export function highIntentByPages(pages: readonly string[]): boolean {
  return pages.length >= HIGH_INTENT_PAGES && pages.some((p) => trimSlash(p) === '/services' || isMarketingPath(p));
}

/** A click or focus inside an element whose test id contains audit or contact. */
export const HIGH_INTENT_TEST_ID = /audit|contact/i;

/** FNV-1a: a small, stable 32-bit hash for sticky variant assignment. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The variant a unit draws: the same unit always the same one for the same split. With weights
 * (percent per variant, adding up to 100) a unit's hash picks a point in 0-99.99 and the
 * variants share that range in order; an equal split keeps the original rule (hash modulo the
 * number of variants), so units drawn before splits existed draw the same.
 */
export function assignVariant(unit: string, testType: string, variants: readonly string[], weights?: Record<string, number>): string {
  const h = hash(`${unit}:${testType}`);
  const shares = variants.map((v) => weights?.[v] ?? 0);
  if (!weights || shares.every((w) => w === shares[0])) return variants[h % variants.length]!;
  let point = (h % 10_000) / 100;
  for (let i = 0; i < variants.length; i++) {
    if (point < shares[i]!) return variants[i]!;
    point -= shares[i]!;
  }
  return variants[0]!;
}

/** A test as the site runs it (the owner's A/B Testing page): its split, or paused. */
export interface TestSetting {
  status: 'running' | 'paused' | 'rolled-out';
  weights: Record<string, number>;
}

/**
 * The variant a unit sees, and whether its events count. A unit that has seen the test keeps
 * its variant whatever the split says now (`kept`); a new unit draws with the split; a paused
 * test shows its control (the first variant) and counts nothing.
 */
export function pickVariant(
  unit: string,
  testType: string,
  variants: readonly string[],
  kept: string | undefined,
  setting?: TestSetting,
): { variant: string; counted: boolean } {
  if (setting?.status === 'paused') return { variant: variants[0]!, counted: false };
  if (kept && variants.includes(kept)) return { variant: kept, counted: true };
  return { variant: assignVariant(unit, testType, variants, setting?.weights), counted: true };
}

export type Utm = Partial<Record<'source' | 'medium' | 'campaign' | 'content' | 'term', string>>;

/** utm_* parameters of a query string, each cut to the collector's 200 characters. */
export function campaign(search: string): Utm | undefined {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of ['source', 'medium', 'campaign', 'content', 'term'] as const) {
    const value = params.get(`utm_${key}`);
    if (value) utm[key] = value.slice(0, 200);
  }
  return Object.keys(utm).length ? utm : undefined;
}

/** The referrer when it is another site (internal navigation is not a source). */
export function externalReferrer(referrer: string, host: string): string | undefined {
  try {
    return referrer && new URL(referrer).host !== host ? referrer.slice(0, 2048) : undefined;
  } catch {
    return undefined;
  }
}

/** Percent of the page seen so far. */
export const scrollPercent = (scrollY: number, viewport: number, height: number): number =>
  height > 0 ? ((scrollY + viewport) / height) * 100 : 100;

export function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
