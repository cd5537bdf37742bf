// The System Overview's production self-check in Chromium: each item with its state, and the
// fix for what is missing (here: no mail service, no daily backup).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn } from './admin-session.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';

describe('the production self-check on the System Overview', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    app = await startBrowserApp({ ...ADMIN_ENV, PUBLIC_URL: 'https://www.example.com' });
  }, 120_000);
  afterAll(() => app?.close());

  it('lists every item, says which are to fix and how', async () => {
    const page = await app.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/admin/dashboard`);
    const panel = page.getByRole('list', { name: 'Production self-check' });
    await panel.waitFor();
    const row = (name: string) => panel.getByRole('listitem').filter({ hasText: name });
    await expect.poll(() => row('HTTPS address').textContent()).toContain('https://www.example.com');
    expect(await row('HTTPS address').textContent()).toMatch(/OK$/);
    expect(await row('Mail to leads').textContent()).toMatch(/only go to the outbox folder.*Fix: Set SMTP_URL.*To fix$/);
    expect(await row('Daily backups').textContent()).toMatch(/Fix: Set BACKUP_DIR.*To fix$/);
    expect(await row('Admin account').textContent()).toMatch(/1 admin account\.OK$/);
    await page.getByText(/items to fix\.$/).waitFor();
    // The signed-out user query before sign-in answers 401; nothing else may fail.
    expect(page.consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  }, 60_000);
});
