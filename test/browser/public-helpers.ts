/// <reference lib="dom" />
// Helpers of the public-site browser tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a page and waits until the app has hydrated it (prerendered markup shows earlier). */
export async function openPage(page: Page, url: string): Promise<number | undefined> {
  const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  return res?.status();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page (evaluated outside the page's CSP). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/** expect.poll with room for a loaded machine (vitest's default gives up after 1 s). */
export const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) => expect.poll(fn, { timeout: 10_000, ...options });
