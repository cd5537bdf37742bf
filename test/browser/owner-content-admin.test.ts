// The owner's editors in real Chromium against the built product: the Profile page (every
// field, a refusal at its field with nothing saved, history and restore), the Site Content
// page (an ordered list reordered and saved as one version, a post whose address collides, pictures that
// are not pictures or are too large), and Settings keeping what was typed in one section
// while another is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_ENV, signIn } from './admin-session.ts';
import { startBrowserApp, type BrowserApp } from './harness.ts';

/** Console errors these pages show on purpose: the signed-out user query and the refusals below. */
const expectedError = (text: string) => /status of (401|400|409|413)/.test(text);

const api = (page: Page, path: string) => page.evaluate((p) => fetch(p).then((r) => r.json()), path);

describe('the owner’s editors in Chromium', () => {
  let app: BrowserApp;
  let page: Page & { consoleErrors: string[] };

  beforeAll(async () => {
    app = await startBrowserApp(ADMIN_ENV);
    page = await app.newPage();
    await signIn(page, app.url);
  }, 90_000);
  afterAll(() => app?.close());

  it('Profile: a wrong e-mail is refused at its field and nothing is saved; a save and a restore', async () => {
    await page.goto(`${app.url}/admin/profile`);
    const form = page.getByRole('form', { name: 'Profile' });
    const field = (name: string) => form.getByRole('textbox', { name, exact: true });
    await field('Name').waitFor();
    // Still the sample: the banner names it, the form shows it.
    expect(await page.getByTestId('sample-profile-banner').textContent()).toContain('(Morgan Ellis)');
    const sample = await field('Name').inputValue();

    await field('Name').fill('Priya Natarajan');
    await field('Brand colour').fill('#0f766e');
    await field('City').fill('Arlington');
    await field('LinkedIn').fill('https://www.linkedin.com/in/priya-natarajan');
    await field('E-mail').fill('priya at example');
    await form.getByRole('button', { name: 'Save profile' }).click();
    const email = field('E-mail');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('email should be an e-mail address such as you@yourdomain.com.').first().waitFor();
    await form.getByText(/^Nothing was saved: /).waitFor();
    expect((await api(page, '/api/admin/profile')).isSample).toBe(true);

    await email.fill('priya@harbourhomes.example');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Profile saved' }).first().waitFor();
    await page.getByTestId('sample-profile-banner').waitFor({ state: 'detached' });
    const saved = await api(page, '/api/admin/profile');
    expect(saved).toMatchObject({
      isSample: false,
      profile: {
        name: 'Priya Natarajan',
        email: 'priya@harbourhomes.example',
        brandColour: '#0f766e',
        officeAddress: { city: 'Arlington' },
        social: { linkedin: 'https://www.linkedin.com/in/priya-natarajan' },
      },
    });

    await field('Name').fill('Priya N.');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(async () => (await api(page, '/api/admin/profile')).profile.name).toBe('Priya N.');
    await page.getByRole('button', { name: 'History of your profile' }).click();
    const history = page.getByRole('dialog', { name: 'History of your profile' });
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await history.waitFor({ state: 'detached' });
    await expect.poll(() => field('Name').inputValue()).toBe('Priya Natarajan');
    expect((await api(page, '/api/admin/profile')).profile.name).toBe('Priya Natarajan');
    expect(sample).toBe('Morgan Ellis');
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
  });

  it('Site Content: a list written and reordered, saved as one version; an entry without its label refused at its field', async () => {
    await page.goto(`${app.url}/admin/content`);
    await page.getByRole('tab', { name: 'Headline figures' }).click();
    const form = page.getByRole('form', { name: 'Headline figures' });
    const entries = form.getByRole('listitem');
    await form.getByRole('button', { name: 'Save headline figures' }).waitFor();
    // The profile is the owner's now: the sample person's figures are not offered as theirs.
    expect(await entries.count()).toBe(0);
    expect(await api(page, '/api/admin/content/figures')).toEqual([]);
    for (const [value, label] of [
      ['12', 'Years in Arlington'],
      ['140', 'Homes Sold'],
      ['48', 'Homes Sold in 2025'],
    ]) {
      await form.getByRole('button', { name: 'Add figure' }).click();
      await entries.last().getByRole('textbox', { name: 'Figure', exact: true }).fill(value!);
      await entries.last().getByRole('textbox', { name: 'What it counts', exact: true }).fill(label!);
    }
    await form.getByRole('button', { name: 'Move Years in Arlington down' }).click();
    await form.getByText('Unsaved changes').waitFor();
    await form.getByRole('button', { name: 'Save headline figures' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Headline figures saved' }).first().waitFor();
    const after = (await api(page, '/api/admin/content/figures')) as { value: string; label: string }[];
    expect(after.map((f) => f.label)).toEqual(['Homes Sold', 'Years in Arlington', 'Homes Sold in 2025']);

    // An entry without its label is refused at that entry's field; the list stays as saved.
    await entries.last().getByRole('textbox', { name: 'What it counts', exact: true }).fill('');
    await form.getByRole('button', { name: 'Save headline figures' }).click();
    await expect
      .poll(() => entries.last().getByRole('textbox', { name: 'What it counts', exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await api(page, '/api/admin/content/figures')).toEqual(after);

    await page.getByRole('button', { name: 'History of headline figures' }).click();
    const history = page.getByRole('dialog', { name: 'History of headline figures' });
    await history.getByTestId('content-version').first().waitFor();
    // Only the owner's save is a version: before it there was nothing of theirs.
    expect(await history.getByTestId('content-version').count()).toBe(1);
    await history.getByRole('button', { name: 'Close' }).first().click();
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
  });

  it('Site Content: a post whose address is taken, and pictures that are not pictures or too large, are refused at the field', async () => {
    await page.goto(`${app.url}/admin/content`);
    const publish = async (title: string) => {
      await page.getByRole('button', { name: 'New post' }).click();
      const post = page.getByRole('form', { name: 'Post' });
      await post.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await post.getByRole('textbox', { name: 'Search description', exact: true }).fill('A market update for Arlington buyers.');
      await post.getByText('37 / 300').waitFor();
      await post.getByRole('button', { name: 'Publish', exact: true }).click();
      return post;
    };
    let post = await publish('Spring Market Update');
    await page.getByTestId('toast').filter({ hasText: 'Post published' }).first().waitFor();
    await post.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back to posts' }).click();
    await page
      .getByTestId('admin-post')
      .filter({ hasText: 'Spring Market Update' })
      .getByText(/^Published \d{4}-\d{2}-\d{2}$/)
      .waitFor();

    post = await publish('Spring Market Update');
    const slug = post.getByRole('textbox', { name: 'Address', exact: true });
    await expect.poll(() => slug.getAttribute('aria-invalid')).toBe('true');
    await post.getByText('Another post already uses this address: choose another slug.').first().waitFor();
    expect(((await api(page, '/api/admin/posts')) as unknown[]).length).toBe(1);

    // Not a picture, though named like one.
    const cover = post.locator('input[name="coverImage"]');
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
    await expect.poll(() => cover.getAttribute('aria-invalid')).toBe('true');
    // What the control is described by: its hint, then the refusal.
    const refusal = async () =>
      cover.evaluate((input) =>
        input
          .getAttribute('aria-describedby')!
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await refusal()).toMatch(/not an image we can use/);
    // Larger than the limit.
    await cover.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) });
    await expect.poll(refusal, { timeout: 30_000 }).toMatch(/larger than 10 MB/);
    expect(((await api(page, '/api/admin/media')) as unknown[]).length).toBe(0);
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
  }, 90_000);

  it('Settings: a value typed in one section survives saving another; a wrong one is refused at its field', async () => {
    await page.goto(`${app.url}/admin/settings`);
    const ga = page.getByLabel('Google Analytics measurement ID');
    await ga.fill('G-AB12CD34EF');
    const analytics = page.getByRole('form', { name: 'Analytics & Tracking settings' });
    await analytics.getByText('Unsaved changes: Google Analytics measurement ID').waitFor();
    await page.getByLabel('Site title').fill('Porter Realty');
    await page.getByRole('form', { name: 'Search Engine Optimisation settings' }).getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved').first().waitFor();
    expect(await ga.inputValue()).toBe('G-AB12CD34EF');
    expect(await analytics.getByText('Unsaved changes').isVisible()).toBe(true);

    await page.getByLabel('Hotjar site ID').fill('12ab');
    expect(await page.getByText('Hotjar site ID must be 4 to 12 digits.').isVisible()).toBe(true);
    expect(await analytics.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await page.getByLabel('Hotjar site ID').fill('');
    await analytics.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => analytics.getByText('Unsaved changes').count()).toBe(0);
    expect(await ga.inputValue()).toBe('G-AB12CD34EF');
    expect(page.consoleErrors.filter((e) => !expectedError(e))).toEqual([]);
  });
});
