/// <reference lib="dom" />
// Every page of the site in real Chromium, opened directly and reached by client-side
// navigation: each names itself in the browser tab ("<Name> | <brand>", never "Page <path>"),
// and none logs a Permissions-Policy warning (Chromium warns on every page for each feature
// of the header it does not recognise).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies, findPageSeo } from '@curb/content';
import { startBrowserApp, type BrowserApp } from './harness.ts';
import { poll } from './public-helpers.ts';

const study = caseStudies[0]!;
const seoTitle = (path: string) => findPageSeo(path)!.title;

/** Each page and the title its tab must show (the content's brand: no site title is set here). */
const PAGES: Array<[path: string, title: string]> = [
  ['/', seoTitle('/')],
  ['/services', 'Services | Morgan Ellis'],
  ['/experience', 'Experience | Morgan Ellis'],
  ['/blog', seoTitle('/blog')],
  [`/blog/${study.id}`, `${study.title} | Blog | Morgan Ellis`],
  ['/marketing-audit', 'Free Marketing Audit | Morgan Ellis'],
  ['/real-estate-marketing-report', 'Marketing Report Showcase | Morgan Ellis'],
  ['/advanced-seo-audit', 'Advanced SEO Audit | Morgan Ellis'],
  ['/audit-report/no-such-report-id', 'Audit Results | Morgan Ellis'],
  ['/chat', 'Voice Assistant | Morgan Ellis'],
  ['/metaperson-chat', 'Avatar Assistant | Morgan Ellis'],
  ['/test-report', 'Test Report | Morgan Ellis'],
  ['/no-such-page-xyz', 'Page Not Found | Morgan Ellis'],
  ['/blog/no-such-post', 'Post Not Found | Blog | Morgan Ellis'],
  ['/admin', 'Admin Portal'],
];

/** Pages outside the public layout, which marks the others interactive once hydrated. */
const OUTSIDE_PUBLIC_LAYOUT = new Set(['/test-report', '/admin']);

describe('every page in Chromium', () => {
  let app: BrowserApp;
  beforeAll(async () => {
    app = await startBrowserApp();
  });
  afterAll(() => app?.close());

  it('names every page in its tab when opened directly, and none logs a Permissions-Policy warning', async () => {
    const page = await app.newPage();
    const policyWarnings: string[] = [];
    page.on('console', (msg) => {
      if (/Permissions-Policy|Feature-Policy|Unrecognized feature/i.test(msg.text())) policyWarnings.push(`${page.url()}: ${msg.text()}`);
    });
    for (const [path, title] of PAGES) {
      await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
      // The app's own title, not only the prerendered one: wait until it has hydrated the page.
      if (!OUTSIDE_PUBLIC_LAYOUT.has(path)) await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      await poll(() => page.title()).toBe(title);
    }
    // The header is the same on every response: these cover the prerendered pages, the app shell and the admin.
    expect(policyWarnings).toEqual([]);
    await page.close();
  }, 120_000);

  it('names every page after client-side navigation too', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    // The router follows history.pushState (TanStack's browser history wraps it): the app moves
    // without loading a page, as a link moves it.
    let loads = 0;
    page.on('load', () => loads++);
    const visited = PAGES.filter(([path]) => path !== '/admin');
    for (const [path, title] of visited) {
      await page.evaluate((to) => history.pushState(null, '', to), path);
      await poll(() => page.title()).toBe(title);
    }
    // And back to the page before, with the browser's back button.
    await page.goBack();
    await poll(() => page.title()).toBe(visited.at(-2)![1]);
    expect(loads).toBe(0);
    // Leaving a page broke nothing (the report landing page's effect once did: the next page was
    // the router's error screen, without a title). The unknown report answers 404, as it should.
    expect(page.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);
});
