// The web shell in real Chromium: pages render under the production CSP, unknown paths
// get the 404 page with a 404 status, and admin code never loads on public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './harness.ts';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };

describe('web shell in Chromium', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    app = await startBrowserApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => app?.close());

  it('renders the home page with its title and no console errors', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const res = await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.title()).toMatch(/Home/);
    expect(await page.locator('#hero h1').isVisible()).toBe(true);
    expect(page.consoleErrors).toEqual([]);

    // Admin and assistant code is split out: none of it loads on a public page.
    const publicScripts = [...scripts];
    await page.goto(`${app.url}/admin`, { waitUntil: 'networkidle' });
    const adminOnly = scripts.filter((s) => !publicScripts.includes(s));
    expect(adminOnly.length).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the 404 page with a real 404 status for an unknown path', async () => {
    const page = await app.newPage();
    const res = await page.goto(`${app.url}/no-such-listing`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(404);
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Page Not Found | Morgan Ellis');
    await page.close();
  });

  it('redirects the navigation aliases to the canonical admin paths once signed in', async () => {
    const page = await app.newPage();
    const login = await page.request.post(`${app.url}/api/login`, { data: ADMIN, headers: { origin: app.url } });
    expect(login.status()).toBe(200);
    await page.goto(`${app.url}/admin/enhanced-funnels`, { waitUntil: 'networkidle' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/funnels');
    await page.goto(`${app.url}/admin/comprehensive`, { waitUntil: 'networkidle' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
    await page.close();
  });
});
