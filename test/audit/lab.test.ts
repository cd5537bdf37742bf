// Real Chromium: Lighthouse scores, a PNG screenshot, and the guarded proxy refusing a
// subresource on a refused address. Skipped where Chromium is not installed.
import { externalLinkChecks } from '@curb/audit/checks/external-links';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MEMORY_BYTES, findChrome, runLab, type LabState } from '@curb/audit/lab/chromium';
import { CHECKS } from '@curb/audit/checks/registry';
import { analyseSite } from '@curb/audit/analyse';
import { startGuardedProxy } from '@curb/audit/net/guarded-proxy';
import { REPO_ROOT } from '../process.ts';
import { page, startSite, type TestSite } from './sites.ts';

const chrome = findChrome(process.env.CHROME_PATH);

/** The Chromium processes under `root`: the browser it started and everything that forked. */
function chromiumUnder(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid,ppid,args'])
    .toString()
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, command]) => ({ pid: Number(pid), ppid: Number(ppid), command: command ?? '' }));
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) if (tree.has(row.ppid) && !tree.has(row.pid)) grew = Boolean(tree.add(row.pid));
  }
  return rows.filter((row) => tree.has(row.pid) && row.command.includes('chromium')).map((row) => row.pid);
}

describe.skipIf(!chrome)('lab in Chromium', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite({
      '/': (_req, res, s) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            page(
              '<title>Lab test page for the audit</title><meta name="viewport" content="width=device-width, initial-scale=1">',
              `<h1>Hello</h1><p>Some text.</p><img src="http://127.0.0.2:${s.port}/secret.png" alt="secret">`,
            ),
          ),
      '/secret.png': { headers: { 'content-type': 'image/png' }, body: Buffer.alloc(10) },
      // An old theme's fixed-width layout table: wider than any phone.
      '/wide': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            page(
              '<title>Wide layout page for the audit</title><meta name="viewport" content="width=device-width, initial-scale=1">',
              '<table width="980" style="width:980px"><tr><td><h1>Homes for sale</h1><p>Listings in a fixed table.</p></td></tr></table>',
            ),
          ),
      // A page that takes 9 s to answer: the browser is busy with it that long.
      '/slow': (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('<title>Slow</title>', '<p>Slow</p>')), 9_000);
      },
    });
  });
  afterAll(() => site.close());

  it('measures with Lighthouse, takes a screenshot and refuses subresources on refused addresses', async () => {
    const out = await runLab(site.url, {
      chromePath: chrome!,
      allowed: (a) => a === '127.0.0.1',
      lighthouse: true,
      screenshot: true,
      deadlineMs: 90_000,
    });
    expect(out.notes).toEqual([]);
    expect(out.mobile!.performance).toBeGreaterThan(50);
    expect(out.desktop!.lcpMs).toBeGreaterThan(0);
    expect(out.screenshot!.startsWith('iVBORw0KGgo')).toBe(true);
    expect(out.refused).toContain(`127.0.0.2:${site.port}`);
    expect(out.mobile!.audits!.map((a) => a.id)).not.toContain('content-width');
  }, 120_000);

  it('finds content wider than the phone screen, which Lighthouse 12 no longer reports', async () => {
    const out = await runLab(`${site.url}wide`, {
      chromePath: chrome!,
      allowed: () => true,
      lighthouse: true,
      screenshot: false,
      deadlineMs: 90_000,
    });
    const wide = out.mobile!.audits!.find((a) => a.id === 'content-width');
    expect(wide?.displayValue).toMatch(/^laid out \d+ px wide on a \d+ px screen$/);
  }, 120_000);

  it("measures the browser checks when Lighthouse ran, and shows the test's seconds as progress", async () => {
    const stages: string[] = [];
    const analysis = await analyseSite(site.url, {
      allowPrivateNetworks: true,
      lab: 'lighthouse',
      chromePath: chrome,
      labBudgetMs: 90_000,
      onProgress: (_progress, stage) => stages.push(stage),
    });
    expect(analysis.ctx.lab.lighthouse).toBe(true);
    expect(analysis.ctx.lab.notRunReason).toBeUndefined();
    // Outside links answer or not as this machine's network allows; every other check was measured.
    const outsideLinks = externalLinkChecks.map((c) => c.id);
    expect(analysis.run.notMeasured.filter((c) => !outsideLinks.includes(c.id))).toEqual([]);
    const browserChecks = CHECKS.filter((c) => c.needs === 'lighthouse').map((c) => c.id);
    const taken = new Set([...analysis.run.passed, ...analysis.run.findings.map((f) => f.id)]);
    expect(browserChecks.filter((id) => !taken.has(id))).toEqual([]);
    expect(stages.some((s) => /^Testing the page in a browser… \d+ s$/.test(s))).toBe(true);
  }, 150_000);

  it('queues browser tests: a waiting one gets its whole budget once its turn comes, one that waits too long says so', async () => {
    const first = runLab(`${site.url}slow`, {
      chromePath: chrome!,
      allowed: () => true,
      lighthouse: false,
      screenshot: true,
      deadlineMs: 60_000,
    });
    const states: LabState[] = [];
    const started = performance.now();
    // Its own 8 s are less than the wait plus the run: counted from the wait, it would not run.
    const second = runLab(site.url, {
      chromePath: chrome!,
      allowed: () => true,
      lighthouse: false,
      screenshot: true,
      deadlineMs: 8_000,
      maxWaitMs: 90_000,
      onState: (s) => states.push(s),
    });
    const impatient = runLab(site.url, {
      chromePath: chrome!,
      allowed: () => true,
      lighthouse: false,
      screenshot: true,
      deadlineMs: 12_000,
      maxWaitMs: 1000,
    });
    const gaveUp = await impatient;
    expect(gaveUp.timedOut).toBe(true);
    expect(gaveUp.screenshot).toBeNull();
    expect((await first).screenshot).toMatch(/^iVBOR/);
    const out = await second;
    expect(performance.now() - started).toBeGreaterThan(8_000);
    expect(out.timedOut).toBe(false);
    expect(out.screenshot).toMatch(/^iVBOR/);
    expect(states).toEqual([{ phase: 'waiting', ahead: 1 }, { phase: 'running' }]);
  }, 120_000);

  it('gives the quick lookup mode a screenshot without Lighthouse', async () => {
    const analysis = await analyseSite(site.url, {
      allowPrivateNetworks: true,
      lab: 'screenshot',
      chromePath: chrome,
      labBudgetMs: 30_000,
    });
    expect(analysis.ctx.lab.notes).toEqual([]);
    expect(analysis.ctx.lab.lighthouse).toBe(false);
    expect(analysis.ctx.lab.screenshot).toMatch(/^iVBOR/);
  }, 60_000);

  it('runs Chromium under its memory limit and kills it at the deadline of the run', async () => {
    // This process's Chromium (other test files may run a browser of their own meanwhile).
    const ours = () => chromiumUnder(process.pid);
    const hang = createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => hang.once('listening', resolve));
    try {
      const started = performance.now();
      const run = runLab(`http://127.0.0.1:${(hang.address() as AddressInfo).port}/`, {
        chromePath: chrome!,
        allowed: () => true,
        lighthouse: true,
        screenshot: false,
        deadlineMs: 8000,
      });
      await expect.poll(() => ours().length, { timeout: 5000 }).toBeGreaterThan(0);
      for (const pid of ours()) {
        const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
        expect(/^Max data size\s+(\d+)\s+(\d+)/m.exec(limits)?.slice(1), `pid ${pid}`).toEqual([
          String(CHROMIUM_MEMORY_BYTES),
          String(CHROMIUM_MEMORY_BYTES),
        ]);
      }
      await run;
      expect(performance.now() - started).toBeLessThan(8000 + 3000);
      await expect.poll(() => ours().length, { timeout: 3000 }).toBe(0);
    } finally {
      hang.closeAllConnections();
      hang.close();
    }
  }, 30_000);

  it('leaves no Chromium behind when its process dies in the middle of a run', async () => {
    // A process measuring a page that never answers, killed outright once its Chromium asks for it.
    let asked = 0;
    const hang = createServer(() => void asked++).listen(0, '127.0.0.1');
    await new Promise((resolve) => hang.once('listening', resolve));
    const script = `
      import { runLab } from '@curb/audit/lab/chromium';
      void runLab('http://127.0.0.1:${(hang.address() as AddressInfo).port}/', { chromePath: ${JSON.stringify(chrome)},
        allowed: () => true, lighthouse: true, screenshot: false, deadlineMs: 60_000 });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      let browser: number[] = [];
      try {
        await expect.poll(() => asked, { timeout: 25_000, interval: 100 }).toBeGreaterThan(0); // in the middle of the run
        browser = chromiumUnder(child.pid!);
      } finally {
        child.kill('SIGKILL');
      }
      expect(browser.length).toBeGreaterThan(0);
      await exited;
      await expect.poll(() => browser.filter(alive), { timeout: 5000 }).toEqual([]);
    } finally {
      hang.closeAllConnections();
      hang.close();
    }
  }, 40_000);
});

describe('guarded proxy', () => {
  it('tunnels to allowed addresses and refuses others', async () => {
    const site = await startSite({ '/': 'hello' });
    const proxy = await startGuardedProxy((a) => a === '127.0.0.1');
    const { request } = await import('node:http');
    const get = (host: string) =>
      new Promise<number>((resolve) => {
        request(
          { host: '127.0.0.1', port: Number(new URL(proxy.url).port), method: 'GET', path: `http://${host}:${site.port}/` },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        ).end();
      });
    expect(await get('127.0.0.1')).toBe(200);
    expect(await get('127.0.0.2')).toBe(403);
    const connect = (host: string) =>
      new Promise<number>((resolve) => {
        request({ host: '127.0.0.1', port: Number(new URL(proxy.url).port), method: 'CONNECT', path: `${host}:${site.port}` })
          .on('connect', (res, socket) => {
            socket.destroy();
            resolve(res.statusCode ?? 0);
          })
          .end();
      });
    expect(await connect('127.0.0.1')).toBe(200);
    expect(await connect('169.254.169.254')).toBe(403);
    expect(proxy.refused).toEqual(expect.arrayContaining([`127.0.0.2:${site.port}`, `169.254.169.254:${site.port}`]));
    await proxy.close();
    await site.close();
  });
});
