// The voice assistant pages in real Chromium, with the microphone denied: the page falls
// back to text mode with its toast, answers typed questions from the site's content
// (read aloud by the server's voice), says a message the server refuses at its box, and loads nothing from
// another origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserApp, type BrowserApp } from './harness.ts';

/** The visitor refuses the microphone: getUserMedia rejects as browsers do then. */
async function denyMicrophone(page: Page): Promise<void> {
  await page.addInitScript({
    content: "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));",
  });
}

function recordForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

describe('voice assistant pages in Chromium', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    app = await startBrowserApp();
  });
  afterAll(() => app?.close());

  it('runs the conversation in text mode when the microphone is denied', async () => {
    const page = await app.newPage();
    await denyMicrophone(page);
    const foreign = recordForeignRequests(page, app.url);
    const speech: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/text-to-speech') speech.push(response.status());
    });

    await page.goto(`${app.url}/chat`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Voice Assistant' }).isVisible()).toBe(true);
    // The avatar draws itself, or says it could not.
    await expect.poll(() => page.locator('[data-testid=avatar-3d] canvas, [data-testid=avatar-failed]').count()).toBe(1);

    const wake = page.getByRole('button', { name: 'Wake Up & Listen' });
    await expect.poll(() => wake.isEnabled(), { timeout: 5_000 }).toBe(true);
    await wake.click();
    await expect.poll(() => page.getByText('Voice Unavailable').isVisible()).toBe(true);
    expect(await page.getByText('Using text mode instead').isVisible()).toBe(true);
    expect(await page.getByTestId('chat-page').getAttribute('data-mode')).toBe('text');

    const input = page.getByLabel('Your message');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);

    await input.fill('How can I contact you?');
    await input.press('Enter');
    const reply = page.locator('[data-testid=chat-messages] li[data-role=assistant]');
    await expect.poll(() => reply.count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('[data-testid=chat-messages] li[data-role=user]').textContent()).toContain('How can I contact you?');
    expect(await reply.textContent()).toContain('morgan@curbappeal.example');
    expect(await reply.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/#contact');
    expect(await input.inputValue()).toBe('');

    // The reply is read aloud by the server's voice; the page does not wait for it to finish.
    await expect.poll(() => speech, { timeout: 10_000 }).toEqual([200]);

    // A message the server refuses (this address has asked too much this minute) is said at the box.
    for (let i = 0; i < 40; i++) {
      const asked = await fetch(`${app.url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'services' }] }),
      });
      if (asked.status === 429) break;
    }
    await input.fill('And your prices?');
    await input.press('Enter');
    const refusal = page.locator('[data-field=message] [role=alert]');
    await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).toMatch(/\S/);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await page.getByText('Failed to send message').count()).toBe(0);
    expect(await reply.count()).toBe(1);
    if (process.env.SCREENSHOT_DIR) {
      await page
        .getByRole('form', { name: 'Send a message' })
        .screenshot({ path: `${process.env.SCREENSHOT_DIR}/chat-refused-at-the-box.png` });
    }
    expect(foreign).toEqual([]);
    // The browser logs the refused request itself; nothing else went wrong.
    expect(page.consoleErrors.filter((e) => !/status of 429 \(Too Many Requests\)/.test(e))).toEqual([]);
    await page.close();
  });

  it('shows the pulsing icon on /metaperson-chat without the creator configured, and its microphone words', async () => {
    const page = await app.newPage();
    await denyMicrophone(page);
    const foreign = recordForeignRequests(page, app.url);
    await page.goto(`${app.url}/metaperson-chat`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('avatar-pulse').isVisible()).toBe(true);
    expect(await page.getByTestId('metaperson-frame').count()).toBe(0);

    const wake = page.getByRole('button', { name: 'Wake Up & Listen' });
    await expect.poll(() => wake.isEnabled(), { timeout: 5_000 }).toBe(true);
    await wake.click();
    await expect.poll(() => page.getByText('Microphone Error').isVisible()).toBe(true);
    expect(await page.getByText('Unable to access microphone').isVisible()).toBe(true);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
