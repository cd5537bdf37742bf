/// <reference lib="dom" />
// A journey: one person's path through the product in Chromium, at a desktop and a phone width,
// from where that person starts, moving by clicks (client-side navigation). Whatever the page
// under test, the journey fails on any console error, CSP violation, uncaught error or
// unhandled rejection, and on a page that stops answering. Each step leaves a screenshot in
// test-results/journeys/ to look at.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { ADMIN } from '../browser/admin-session.ts';
import { REPO_ROOT } from '../process.ts';

export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'journeys');

export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
] as const;
export type Width = (typeof WIDTHS)[number];

/** How long a page may take to run one line of script before it counts as frozen. */
const FROZEN_AFTER_MS = 5_000;

// Reported to the console as errors, so the journey's console watch sees them.
const WATCH_SCRIPT = `
document.addEventListener('securitypolicyviolation', (e) =>
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));
window.addEventListener('unhandledrejection', (e) =>
  console.error('Unhandled rejection: ' + (e.reason && e.reason.message ? e.reason.message : String(e.reason))));
`;

export interface JourneyOptions {
  /** Console errors this journey expects, matched against "text (address)"; the caller says why. */
  allow?: RegExp[];
  /** A client address for the product's per-client limits (the product trusts loopback as a proxy). */
  clientAddress?: string;
  /** A browser's user agent, for a visitor the analytics must count (headless Chromium's own reads as a bot). */
  userAgent?: string;
}

export class Journey {
  readonly problems: string[] = [];
  /** Documents the browser loaded from the server: 1 while every move is client-side. */
  documentLoads = 0;
  private shots = 0;

  private constructor(
    readonly name: string,
    readonly width: Width,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async start(browser: Browser, name: string, width: Width, options: JourneyOptions = {}): Promise<Journey> {
    const { name: _, ...device } = width;
    const context = await browser.newContext({
      ...device,
      acceptDownloads: true,
      ...(options.userAgent && { userAgent: options.userAgent }),
      extraHTTPHeaders: options.clientAddress ? { 'x-forwarded-for': options.clientAddress } : {},
    });
    context.setDefaultTimeout(15_000);
    await context.addInitScript({ content: WATCH_SCRIPT });
    const page = await context.newPage();
    const journey = new Journey(name, width, context, page);
    const allowed = (text: string) => (options.allow ?? []).some((pattern) => pattern.test(text));
    page.on('console', (message) => {
      // A failed load names its address in the location only.
      const text = `${message.text()} (${message.location().url})`;
      if (message.type() === 'error' && !allowed(text)) journey.problems.push(`console: ${text}`);
    });
    page.on('pageerror', (error) => journey.problems.push(`uncaught: ${error.message}`));
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) journey.documentLoads += 1;
    });
    page.on('crash', () => journey.problems.push('the page crashed'));
    return journey;
  }

  /** The person arrives: a typed address or a link from elsewhere (the only full load). */
  async arrive(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'domcontentloaded' });
    await this.page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { polling: 100 });
    await this.step('arrived');
  }

  get isPhone(): boolean {
    return this.width.name === 'phone';
  }

  /**
   * Follows a link of the top navigation (through the menu on a phone) and waits until the page
   * it leads to shows (its main heading replaces the one before), unless it is a section of the
   * same page.
   */
  async navigate(label: string, { samePage = false } = {}): Promise<void> {
    const heading = this.page.locator('main h1').first();
    const before = samePage ? null : await heading.textContent();
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    if (this.isPhone) await nav.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: label, exact: true }).click();
    if (!samePage) await expect.poll(() => heading.textContent(), { timeout: 15_000 }).not.toBe(before);
  }

  /** Whether the page still runs script: a frozen tab never answers. */
  async answering(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frozen = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), FROZEN_AFTER_MS)));
    try {
      return await Promise.race([this.page.evaluate(() => true), frozen]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A checkpoint: the page answers, nothing has gone wrong so far, and a screenshot is kept. */
  async step(label: string): Promise<void> {
    if (!(await this.answering())) this.problems.push(`the page stopped answering at "${label}"`);
    else {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const file = `${this.name}-${this.width.name}-${String(++this.shots).padStart(2, '0')}-${label.replace(/\W+/g, '-')}.png`;
      await this.page.screenshot({ path: join(SCREENSHOTS, file), timeout: FROZEN_AFTER_MS }).catch(() => {});
    }
    expect(this.problems, `${this.name} (${this.width.name}) at "${label}"`).toEqual([]);
  }

  /** Ends the journey: every move was client-side unless the caller says how many loads it made. */
  async finish(expectedDocumentLoads = 1): Promise<void> {
    await this.step('end');
    expect(this.documentLoads, `${this.name} (${this.width.name}): documents loaded`).toBe(expectedDocumentLoads);
    await this.context.close();
  }
}

/** Runs `body` as a journey at each width, closing the browser context whatever happens. */
export async function atEachWidth(
  browser: Browser,
  name: string,
  body: (journey: Journey) => Promise<void>,
  options: JourneyOptions | ((width: Width) => JourneyOptions) = {},
): Promise<void> {
  for (const width of WIDTHS) {
    const journey = await Journey.start(browser, name, width, typeof options === 'function' ? options(width) : options);
    try {
      await body(journey);
    } finally {
      await journey.context.close().catch(() => {});
    }
  }
}

/** A distinct visitor address per journey and width, so the per-client form limits stay apart. */
let visitors = 0;
export const nextVisitor = () => `203.0.113.${++visitors}`;

/** The cookies the owner's first sign-in through the form set, per product. */
const ownerSessions = new Map<string, Cookie[]>();

/** Whether the product still knows the session these cookies carry (signing out or a new password ends it). */
async function sessionLive(url: string, cookies: Cookie[]): Promise<boolean> {
  const res = await fetch(`${url}/api/auth/session`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
  return res.ok && ((await res.json()) as { user: unknown }).user !== null;
}

const cookieKey = (c: Cookie) => `${c.name}=${c.value}`;

/**
 * The owner signs in at /admin, where the portal starts: through the form the first time on a
 * product, then as a browser that kept that session (the other widths and tests), which spares
 * the product a password check each time and keeps a file well under the ten sign-ins a minute
 * a client may make. Once the session has ended, through the form again.
 */
export async function signInAsOwner(j: Journey, url: string): Promise<void> {
  const kept = ownerSessions.get(url);
  const reuse = kept !== undefined && (await sessionLive(url, kept));
  if (reuse) await j.context.addCookies(kept);
  await j.arrive(`${url}/admin`);
  const before = new Set((await j.context.cookies(url)).map(cookieKey));
  if (!reuse) {
    await j.page.getByLabel('E-mail').fill(ADMIN.email);
    await j.page.getByLabel('Password').fill(ADMIN.password);
    await j.page.getByRole('button', { name: 'Sign In' }).click();
  }
  await j.page.getByText(`Welcome, ${ADMIN.email}`).first().waitFor();
  if (!reuse)
    ownerSessions.set(
      url,
      (await j.context.cookies(url)).filter((c) => !before.has(cookieKey(c))),
    );
  await j.step('signed in');
}

/** Opens an admin page from the portal's navigation (the menu on a phone). */
export async function openAdminPage(j: Journey, label: string): Promise<void> {
  if (j.isPhone) await j.page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Menu' }).click();
  await j.page.getByRole('link', { name: label, exact: true }).filter({ visible: true }).first().click();
}

/** The mail in the product's outbox (no mail service here) to `to` whose subject matches, once it is there. */
export function outboxMail(dataDir: string, to: string, subject: RegExp): Promise<ParsedMail> {
  const dir = join(dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      for (const file of existsSync(dir) ? readdirSync(dir) : []) {
        const mail = await simpleParser(readFileSync(join(dir, file)));
        if (mail.subject && subject.test(mail.subject) && JSON.stringify(mail.to).includes(to)) return mail;
      }
      throw new Error(`no mail to ${to} with a subject like ${subject}`);
    },
    { timeout: 30_000, interval: 250 },
  );
}
