/// <reference lib="dom" />
// A visitor finds the assistant from the site itself, by clicks, at 1280 and 390 px: the button
// on the home page opens it, two questions and a follow-up get the site's facts, and a visitor
// lost on a missing page is led to it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { personal } from '@curb/content';
import { launchBrowser, startBrowserApp, type BrowserApp } from '../browser/harness.ts';
import { atEachWidth, nextVisitor, type Journey } from './journey.ts';

describe('a visitor asks the assistant, in Chromium', () => {
  let app: BrowserApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startBrowserApp({ TRUST_PROXY: 'loopback' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Types a question and waits for the assistant's reply to it; answers the reply's text. */
  async function ask(j: Journey, question: string): Promise<string> {
    const replies = j.page.locator('[data-testid=chat-messages] li[data-role=assistant]');
    const before = await replies.count();
    await j.page.getByLabel('Your message').fill(question);
    await j.page.getByLabel('Your message').press('Enter');
    await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(before + 1);
    return (await replies.nth(before).locator('p').last().textContent()) ?? '';
  }

  /** The chat page shows, reached in the browser, and its own button is gone. */
  async function chatShown(j: Journey): Promise<void> {
    await j.page.getByTestId('chat-page').waitFor();
    expect(new URL(j.page.url()).pathname).toBe('/chat');
    expect(await j.page.getByTestId('chat-launcher').count()).toBe(0);
  }

  it('home page → the assistant button → two questions and a follow-up', async () => {
    await atEachWidth(
      browser,
      'assistant-home',
      async (j) => {
        await j.arrive(`${app.url}/`);
        const launcher = j.page.getByTestId('chat-launcher');
        await launcher.waitFor();
        const box = (await launcher.boundingBox())!;
        // Inside the window, in its bottom corner, whatever the width.
        expect(box.x + box.width).toBeLessThanOrEqual(j.width.viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(j.width.viewport.height);
        await launcher.click();
        await chatShown(j);
        await j.step('chat opened');

        const price = await ask(j, 'What do you charge?');
        expect(price).toMatch(/does not list prices/);
        expect(price).toContain(personal.email);
        const services = await ask(j, 'What services do you offer?');
        expect(services).toMatch(/Marketing Audits.*Team Leadership/);
        await j.step('two answers');
        // The follow-up is read with the question before it: the services' times.
        const followUp = await ask(j, 'and how long does that take?');
        expect(followUp).toMatch(/within 24 hours/);
        expect(followUp).toMatch(/30-day/);
        await j.step('follow-up answered');
        await j.finish();
      },
      () => ({ clientAddress: nextVisitor() }),
    );
  }, 120_000);

  it('a missing page → Ask the Assistant → a question the site does not answer goes to the owner', async () => {
    await atEachWidth(
      browser,
      'assistant-404',
      async (j) => {
        await j.arrive(`${app.url}/no-such-listing`);
        await j.page.getByTestId('not-found').waitFor();
        await j.page.getByTestId('not-found-chat').click();
        await chatShown(j);
        const reply = await ask(j, 'How long does it take to sell in Northern Virginia?');
        expect(reply).toMatch(/^This site doesn't answer that, but .+ can: e-mail /);
        expect(reply).toContain(personal.formattedPhone);
        // The e-mail and the number are links a phone can follow.
        const messages = j.page.getByTestId('chat-messages');
        expect(await messages.locator(`a[href="mailto:${personal.email}"]`).count()).toBe(1);
        expect(await messages.locator('a[href^="tel:"]').count()).toBe(1);
        await j.step('handed to the owner');
        await j.finish();
      },
      // The missing page is answered 404, as it must be; the browser reports that status.
      () => ({ clientAddress: nextVisitor(), allow: [/status of 404 \(Not Found\) \(.*\/no-such-listing\)$/] }),
    );
  }, 120_000);
});
