// The owner in the browser tests: the account a test product starts with, signing in at
// /admin, and a product that holds the figures `pnpm demo` leaves, ready on every dashboard.
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { sendDemoActivity, waitForAudits, type DemoResult } from '../../scripts/demo/activity.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';

export const ADMIN = { email: 'owner@curb.test', password: 'correct horse battery staple' };

/** The product's environment for a signed-in owner, with audits of sites on loopback (no Lighthouse). */
export const ADMIN_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
  CHROME_PATH: '/nonexistent/chromium',
};

/** Signs in at /admin as the owner. */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin`, { waitUntil: 'networkidle' });
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText(`Welcome, ${ADMIN.email}`).first().waitFor();
}

export interface DemoApp {
  app: BrowserApp;
  demo: DemoResult;
  close(): Promise<void>;
}

/**
 * A product with `pnpm demo`'s visits, A/B exposures and audit requests, every audit finished
 * and every visitor counted by the dashboards (the collector answers once events are spooled).
 */
export async function startDemoApp(options: { visitors: number; leads: number; seed: number }): Promise<DemoApp> {
  const app = await startBrowserApp(ADMIN_ENV);
  const demo = await sendDemoActivity(app.url, options);
  expect(await waitForAudits(app.url, demo.leads, { stallMs: 90_000 })).toEqual({ ready: options.leads, failed: 0, pending: 0 });
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const counted = async () =>
    ((await (await fetch(`${app.url}/api/analytics/retargeting?days=7`, { headers: { cookie } })).json()) as { totalUsers: number })
      .totalUsers;
  await vi.waitFor(async () => expect(await counted(), 'visitors on the dashboards').toBe(options.visitors), {
    timeout: 20_000,
    interval: 250,
  });
  return {
    app,
    demo,
    async close() {
      await demo.sites.close();
      await app.close();
    },
  };
}
