// The embedded PostgreSQL killed outright under a running product (items 1 and 2):
// health answers at once and names it, the liveness probe does not care, a lead gets 503 with
// Retry-After (which the site's forms retry), pages do not wait on it, and the supervisor
// brings it back so the next lead is stored, once.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSql } from '@curb/db';
import { startProduct, type RunningProduct } from './process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'curb-pg-kill-'));
const clusterDir = join(dataDir, 'postgres', 'cluster');
let product: RunningProduct | undefined;
afterAll(async () => {
  try {
    chmodSync(clusterDir, 0o700);
  } catch {
    // never started
  }
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The postmaster's pid and port, as PostgreSQL writes them in its data directory. */
function postmaster(): { pid: number; port: number } {
  const lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function timed(url: string, init?: RequestInit): Promise<{ status: number; ms: number; body: string; retryAfter: string | null }> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, body, retryAfter: res.headers.get('retry-after') };
}

describe('embedded PostgreSQL killed with SIGKILL', () => {
  it('answers health within 1 s naming it, refuses leads with 503 + Retry-After, and is restarted', async () => {
    product = await startProduct(dataDir);
    const { url } = product;
    const submissionId = randomUUID();
    const lead = () =>
      timed(`${url}/api/lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          formId: 'contact-form',
          firstName: 'Ana',
          lastName: 'Lee',
          email: 'ana@example.com',
          subject: 'Listing photos',
          message: 'Can we talk this week?',
          submissionId,
        }),
      });
    const { pid, port } = postmaster();
    const password = readFileSync(join(dataDir, 'postgres', 'password'), 'utf8').trim();

    // Messages arriving as it dies: each is stored or refused with 503, and the process lives
    // (postgres.js used to end it from a timer when a transaction's session died: see
    // patches/postgres@3.4.9.patch).
    const arriving = Array.from({ length: 8 }, (_, i) =>
      timed(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Visitor ${i}`, email: `v${i}@example.com`, message: 'Hello', submissionId: randomUUID() }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(pid, 'SIGKILL');
    // Keep it down while we look: the supervisor's restarts fail until the directory is back
    // (it waits 250 ms before the first, far longer than this takes), and it backs off.
    chmodSync(clusterDir, 0o000);
    await expect.poll(() => product!.output(), { timeout: 10_000, interval: 50 }).toContain('PostgreSQL did not start again');

    for (const answer of await Promise.all(arriving)) expect([201, 503]).toContain(answer.status);

    const health = await timed(`${url}/api/health`);
    expect(health.ms).toBeLessThan(1000);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', postgres: { ok: false }, clickhouse: { ok: true } });
    const live = await timed(`${url}/api/health/live`);
    expect([live.status, JSON.parse(live.body).status]).toEqual([200, 'ok']);

    const refused = await lead();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body).message).toBe('This could not be done just now. Please try again in a few seconds.');

    for (const path of ['/', '/robots.txt']) {
      const page = await timed(`${url}${path}`);
      expect(page.ms, path).toBeLessThan(1000);
      expect(page.status, path).not.toBe(500);
    }

    chmodSync(clusterDir, 0o700);
    const healed = performance.now();
    await expect.poll(async () => (await timed(`${url}/api/health`)).status, { timeout: 30_000, interval: 200 }).toBe(200);
    expect(performance.now() - healed).toBeLessThan(20_000);
    expect(product.output()).toContain('PostgreSQL exited unexpectedly (SIGKILL); restarting it in 250 ms');
    expect(product.output()).toMatch(/PostgreSQL did not start again: .*; restarting it in 500 ms/);
    expect(product.output()).toMatch(/PostgreSQL restarted \(restart 1\)/);
    expect(postmaster().pid).not.toBe(pid);

    // The retry the form makes now is stored, and a second retry finds it: one lead.
    const stored = await lead();
    expect(stored.status).toBe(201);
    const again = await lead();
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).leadId).toBe(JSON.parse(stored.body).leadId);
    const sql = createSql(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      const rows = await sql`SELECT count(*)::int AS n FROM leads WHERE submission_id = ${submissionId}`;
      expect(rows[0]!.n).toBe(1);
    } finally {
      await sql.end();
    }

    const stopped = await product.stop();
    product = undefined;
    expect(stopped.code).toBe(0);
  }, 120_000);
});
