// The product as a person runs it: start on embedded defaults, stop with Ctrl-C, start
// again on the same data; and the one-line refusals of a bad start.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@curb/contracts/config';
import { openStores } from '@curb/runtime';
import { runLauncher, startProduct } from './process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'curb-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function postmasterRunning(dir: string): boolean {
  try {
    execFileSync('pgrep', ['-f', join(dir, 'postgres', 'cluster')]);
    return true;
  } catch {
    return false;
  }
}

describe('pnpm start (embedded mode)', () => {
  it('starts healthy, stops cleanly on SIGINT in under 5 s, and keeps its data for the next start', async () => {
    const first = await startProduct(dataDir);
    const health = await (await fetch(`${first.url}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', mode: 'embedded', postgres: { ok: true }, clickhouse: { ok: true } });
    expect(first.output()).toContain('Site:   http://localhost:');
    expect(first.output()).toContain('pnpm admin:create');
    const beacon = await fetch(`${first.url}/api/events`, {
      method: 'POST',
      body: JSON.stringify({ name: 'page_view', path: '/' }),
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0' },
    });
    expect(beacon.status).toBe(202);

    const stopped = await first.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5_000);
    expect(postmasterRunning(dataDir)).toBe(false);

    const second = await startProduct(dataDir);
    expect(second.output()).toContain('PostgreSQL schema up to date');
    expect(second.output()).not.toContain('initialised a new PostgreSQL cluster');
    expect((await second.stop()).code).toBe(0);

    // The event sent to the first run is still there.
    const stores = await openStores(parseConfig({ DATA_DIR: dataDir }), { allowEmbedded: true });
    try {
      const rows = await stores.ch.query<{ n: string }>("SELECT count() AS n FROM events WHERE name = 'page_view'");
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await stores.close();
    }
  }, 120_000);

  it('refuses a bad variable with one line and exit code 1', async () => {
    const run = runLauncher({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('Invalid PORT="eighty": expected a port number from 0 to 65535.');
  });

  it('names a taken port in one line instead of a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = runLauncher({ DATA_DIR: dataDir, PORT: String(port) });
      expect(await run.exited).toBe(1);
      const lines = run.output().trim().split('\n');
      expect(lines.at(-1)).toBe(`Port ${port} is already in use: stop the program using it or set PORT to a free port.`);
      expect(run.output()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
    expect(postmasterRunning(dataDir)).toBe(false);
  });
});
