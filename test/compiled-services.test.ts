// Production runs the compiled services with plain Node (no TypeScript loader): the product
// starts from them and answers, and the PDF renderer's worker thread finds its compiled code.
// The build goes to a directory of this test's own beside each `src/`: a product started from
// the shared `dist/` may be running beside this file.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { contextOf } from './audit/checks/harness.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT = `dist-check-${process.pid}`;
/** Node with no loader flags, whatever the test runner itself was started with. */
const node = (args: string[], env: Record<string, string> = {}) =>
  spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

describe('compiled services', () => {
  let dir: string;
  let product: ChildProcess | undefined;
  let units: string[] = [];
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-services.mjs', '--quiet', '--out-dir', OUT], { cwd: ROOT });
    units = JSON.parse(readFileSync(join(ROOT, 'services/launcher', OUT, 'build.json'), 'utf8')).units;
    dir = mkdtempSync(join(tmpdir(), 'curb-compiled-'));
  });
  afterAll(() => {
    product?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    for (const unit of units) rmSync(join(ROOT, unit, OUT), { recursive: true, force: true });
  });

  it('start the product with plain node and answer its health check', async () => {
    product = node([`services/launcher/${OUT}/main.js`], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running after 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const site = /Site:\s+(http:\/\/\S+?)\/\s/.exec(output);
        if (site) {
          clearTimeout(timer);
          resolve(site[1]!);
        }
      };
      product!.stdout!.on('data', read);
      product!.stderr!.on('data', read);
      product!.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: { ok: true }, clickhouse: { ok: true } });
    const stopped = new Promise<number | null>((resolve) => product!.on('exit', resolve));
    product.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 90_000);

  it("render a report PDF in the renderer's worker thread from the compiled code", async () => {
    const ctx = contextOf({ html: '<html><head><title>Home</title></head><body><p>Welcome.</p></body></html>' });
    const report = buildReport({
      reportId: 'r'.repeat(22),
      businessName: 'Porter Realty',
      ctx,
      run: runChecks(ctx),
      generatedAt: new Date(),
    });
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
    const script = `
      import { readFileSync } from 'node:fs';
      import { pdfRenderPool } from './packages/audit/${OUT}/pdf/render-pool.js';
      const pool = pdfRenderPool();
      const pdf = await pool.render(JSON.parse(readFileSync(${JSON.stringify(join(dir, 'report.json'))}, 'utf8')));
      process.stdout.write(pdf.subarray(0, 5).toString('latin1'));
      await pool.close();`;
    const child = node(['--input-type=module', '-e', script]);
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe('%PDF-');
  }, 60_000);
});
