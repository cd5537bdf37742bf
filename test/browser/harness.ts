// Real Chromium (Debian's, driven by playwright-core) against the built app started in
// embedded mode as `pnpm start` runs it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT, startProduct, type RunningProduct } from '../process.ts';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface BrowserApp {
  product: RunningProduct;
  browser: Browser;
  url: string;
  /** A fresh page that records console errors (CSP violations among them). */
  newPage(): Promise<Page & { consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** Starts the built app on a random port with its own data directory, and a browser. */
export async function startBrowserApp(env: Record<string, string> = {}): Promise<BrowserApp> {
  if (!existsSync(join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
    throw new Error('The web app is not built: run `pnpm build` (pnpm test does it first).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'curb-browser-'));
  const product = await startProduct(dataDir, env);
  const browser = await launchBrowser();
  return {
    product,
    browser,
    url: product.url,
    async newPage() {
      const page = (await browser.newPage()) as Page & { consoleErrors: string[] };
      page.consoleErrors = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') page.consoleErrors.push(msg.text());
      });
      page.on('pageerror', (err) => page.consoleErrors.push(err.message));
      return page;
    },
    async close() {
      await browser.close();
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Holds something (a routed answer) until the test has seen what it shows meanwhile. */
export function gate(): { passed: Promise<void>; open(): void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}
