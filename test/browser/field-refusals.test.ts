/// <reference lib="dom" />
// A refusal the server names a field for lands at that field in real Chromium: its message under
// the field (the control marked invalid and described by it), the focus on it, and no toast or
// notice beside. Each refusal here is one only the server can make (an address on the product's
// own network, an e-mail domain without a dot, a setting left empty, an unknown placeholder, a
// Traffic filter on a goal there is none of), so the page cannot have caught it first.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signIn } from './admin-session.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';
import { openPage, poll } from './public-helpers.ts';

/** The field's control: refused, focused, and described by the message shown under it. */
async function expectRefusedAt(page: Page, control: Locator, message: string | RegExp): Promise<void> {
  await poll(() => control.getAttribute('aria-invalid')).toBe('true');
  await poll(() => control.evaluate((el) => el === document.activeElement)).toBe(true);
  const described = await control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  expect(described).toMatch(message);
  // Said at the field only: no toast repeats it.
  expect(await page.getByTestId('toast').filter({ visible: true }).count()).toBe(0);
}

describe('a refusal the server names a field for is shown at that field', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    // Private networks are refused as audit targets here (the product's default).
    app = await startBrowserApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CHROME_PATH: '/nonexistent/chromium' });
  });
  afterAll(() => app?.close());

  it('inline audit form: a website on a private network is refused at the website field', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/experience`);
    const form = page.getByTestId('inline-audit-form');
    await form.getByLabel('Business Name').fill('Acme Homes');
    await form.getByLabel('Email Address').fill('ana@acme-homes.com');
    const website = form.getByLabel('Website URL');
    await website.fill('http://127.0.0.1/');
    await form.getByRole('checkbox').check();
    await form.locator('button[type=submit]').click();
    await expectRefusedAt(page, website, /address|network|private|not allowed/i);
    // Typing again clears the refusal.
    await website.fill('acme-homes.com');
    await poll(() => website.getAttribute('aria-invalid')).toBe(null);
    expect(page.consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });

  it('contact form: an e-mail address the server cannot use is refused at the e-mail field', async () => {
    const page = await app.newPage();
    await openPage(page, `${app.url}/experience`);
    const form = page.getByTestId('contact-form');
    await form.getByLabel('First Name').fill('Ana');
    await form.getByLabel('Last Name').fill('Lee');
    // A browser takes an address without a dot in its domain; the server does not.
    const email = form.getByLabel('Email Address');
    await email.fill('ana@localhost');
    await form.getByLabel('Subject').fill('Team training');
    await form.getByLabel('Message').fill('Can we talk next week?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectRefusedAt(page, email, /e-?mail/i);
    expect(await form.getByLabel('Message').inputValue()).toBe('Can we talk next week?');
    await page.close();
  });

  it('settings: the route names the refused setting, and the weekly e-mail shows its refusal at "Send it to"', async () => {
    // The settings sections check as the server does before Save is enabled: the route's answer
    // is read directly to prove it names the setting the form shows the refusal at.
    const page = await app.newPage();
    await signIn(page, app.url);
    const section = (await (await page.request.get(`${app.url}/api/admin/settings/analytics`)).json()) as { version: number };
    const refused = await page.request.put(`${app.url}/api/settings/analytics`, {
      headers: { origin: app.url },
      data: { values: { google_analytics_id: 'not-an-id' }, baseVersion: section.version },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ field: 'google_analytics_id' });

    await page.goto(`${app.url}/admin/settings`, { waitUntil: 'networkidle' });
    const weekly = page.getByRole('form', { name: 'Weekly Traffic E-mail settings' });
    await weekly.getByLabel("Send me last week's traffic every Monday").check();
    await weekly.getByRole('button', { name: 'Save Changes' }).click();
    await expectRefusedAt(page, weekly.getByLabel('Send it to'), 'Give the address the weekly e-mail goes to.');
    await page.close();
  });

  it('funnel editor: a refused template opens its tab and shows the refusal at the template body', async () => {
    const page = await app.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/admin/funnels`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = page.locator('dialog');
    await dialog.getByRole('tab', { name: 'Email Templates' }).click();
    const confirmation = dialog.getByTestId('template-confirmation');
    await confirmation.getByLabel('Confirmation body').fill('We are looking at {{webiste}}.');
    // Saved from another tab: the dialog goes back to the field the server names.
    await dialog.getByRole('tab', { name: 'General' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const body = confirmation.getByLabel('Confirmation body');
    await poll(() => dialog.getByRole('tab', { name: 'Email Templates' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => body.getAttribute('aria-invalid')).toBe('true');
    await poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
    const described = await body.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('unknown placeholder {{webiste}}');
    // At the field, not also above the tabs.
    expect(await dialog.getByTestId('funnel-save-problem').count()).toBe(0);
    await page.close();
  });

  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`traffic filter bar (${device}): a goal there is none of is refused at the value, by keyboard alone`, async () => {
      const page = await app.newPage();
      await page.setViewportSize(viewport);
      await signIn(page, app.url);
      await page.goto(`${app.url}/admin/traffic`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Add a filter' }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'Add a filter' });
      await page.keyboard.press('Tab');
      const on = form.getByLabel('Filter on');
      await poll(() => on.evaluate((el) => el === document.activeElement)).toBe(true);
      await on.selectOption('event:goal');
      await page.keyboard.press('Tab');
      await poll(() => form.getByLabel('Operator').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Booked a viewing');
      await page.keyboard.press('Enter');
      const value = form.getByLabel('Value');
      await expectRefusedAt(page, value, 'filters: no goal is named "Booked a viewing".');
      // Refused, so not applied: no chip, the address unchanged, the form still open.
      expect(await page.getByTestId('filter-chip').count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('filters')).toBe(null);
      if (process.env.SCREENSHOT_DIR) await form.screenshot({ path: `${process.env.SCREENSHOT_DIR}/traffic-filter-refused-${device}.png` });
      // The three controls share one row at 1280 and stay within the screen at 390.
      const boxes = await Promise.all([on, form.getByLabel('Operator'), value].map(async (c) => (await c.boundingBox())!));
      if (device === 'desktop') expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
      for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(34);

      // Typing again clears the refusal; a filter the server takes is applied as a chip.
      await value.fill('');
      await poll(() => value.getAttribute('aria-invalid')).toBe(null);
      await on.selectOption('visit:source');
      await value.fill('Newsletter');
      await value.press('Enter');
      await page.getByTestId('filter-chip').filter({ hasText: 'Newsletter' }).waitFor();
      expect(await form.isHidden()).toBe(true);
      await page.close();
    });
  }
});
