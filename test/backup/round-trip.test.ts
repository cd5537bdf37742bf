// Backup of a running product under a beacon burst, restored into a new data directory: every
// table holds the rows it held at the backup's moment (counted on the restored directory by SQL of
// the test's own), beacons acknowledged before the moment are in and none sent after it, and the
// restored product answers every dashboard, the leads, the reports, the settings and the owner's
// sign-in as the original did.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendDemoActivity, waitForAudits, type DemoResult } from '../../scripts/demo/activity.ts';
import { startProduct, type RunningProduct } from '../process.ts';
import {
  BACKUP_LINE,
  getJson,
  inspectDataDir,
  ownerViews,
  pnpm,
  readManifest,
  RESTORED_LINE,
  signIn,
  waitForFlush,
  waitForOutbox,
} from './helpers.ts';

const ADMIN = { email: 'owner@curb.test', password: 'backup round trip password' };
const LEADS = 2;
/** A crawler's user agent: its beacons are stored (is_bot = 1) and counted by no dashboard. */
const BOT = 'curl/8.5.0';

const root = mkdtempSync(join(tmpdir(), 'curb-backup-'));
const source = join(root, 'source');
const restored = join(root, 'restored');
const archive = join(root, 'archive.tar.gz');
const products: RunningProduct[] = [];
let demo: DemoResult | undefined;
afterAll(async () => {
  for (const p of products) if (p.child.exitCode === null) await p.stop();
  await demo?.sites.close();
  rmSync(root, { recursive: true, force: true });
});

interface Sent {
  ids: string[];
  sentAt: number;
  ackedAt: number;
}

/** Bot beacons of 50 events, `concurrency` in flight, until stopped; answers each request's ids and times. */
function burst(url: string, concurrency = 4): { sent: readonly Sent[]; stop(): Promise<Sent[]> } {
  const sent: Sent[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const ids = Array.from({ length: 50 }, () => randomUUID());
      const sentAt = Date.now();
      const res = await fetch(`${url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': BOT },
        body: JSON.stringify({ events: ids.map((eventId) => ({ name: 'page_view', path: '/crawled', eventId })) }),
      });
      await res.arrayBuffer();
      if (res.status !== 202) throw new Error(`beacon answered ${res.status}`);
      sent.push({ ids, sentAt, ackedAt: Date.now() });
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    sent,
    async stop() {
      running = false;
      await Promise.all(loops);
      return sent;
    },
  };
}

describe('pnpm backup of a running product, pnpm restore into a new directory', () => {
  it('holds one moment under a beacon burst and restores the same rows, figures, leads, reports and sign-in', async () => {
    const env = { AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', CHROME_PATH: '/nonexistent/chromium' };
    const a = await startProduct(source, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    products.push(a);
    demo = await sendDemoActivity(a.url, { visitors: 60, leads: LEADS, seed: 31 });
    expect(await waitForAudits(a.url, demo.leads, { stallMs: 90_000 })).toEqual({ ready: LEADS, failed: 0, pending: 0 });
    const cookieA = await signIn(a.url, ADMIN);
    const saved = await fetch(`${a.url}/api/settings/analytics`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: cookieA, origin: a.url },
      body: JSON.stringify({ values: { google_analytics_id: 'G-BACKUP31' }, baseVersion: 0 }),
    });
    expect(saved.status).toBe(200);
    // Each report's e-mail goes out after its audit is ready: wait until every one is written.
    const mailed = async () => {
      const list = (await getJson(`${a.url}/api/admin/marketing-audits`, cookieA)).body as { emailsInOutbox: number; emailsSent: number };
      return list.emailsInOutbox + list.emailsSent;
    };
    await expect.poll(mailed, { timeout: 60_000, interval: 250 }).toBe(LEADS);
    // The api's own events (report views) move from PostgreSQL's outbox each second.
    await waitForOutbox(source);
    await waitForFlush(a.url);
    // The owner's view at rest (a dashboard's first request also stores its closed days, which the backup then holds).
    const before = await ownerViews(a.url, cookieA);
    const reportPaths = demo.leads.map((l) => `/api/audit-report/${l.reportId}`);
    const reportsBefore = await ownerViews(a.url, cookieA, reportPaths);

    // The backup starts under the burst (every sender acknowledged) and the burst goes on past its moment.
    const beacons = burst(a.url);
    await expect.poll(() => beacons.sent.length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(8);
    const backup = await pnpm('backup', ['--out', archive], { DATA_DIR: source }).catch((err: Error) => {
      throw new Error(`${err.message}\nproduct:\n${a.output().slice(-4000)}`);
    });
    expect(backup.code, backup.stderr).toBe(0);
    const cut = Date.parse(/consistent to (\S+)/.exec(backup.stdout)?.[1] ?? '');
    await expect.poll(() => beacons.sent.filter((s) => s.sentAt > cut).length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(4);
    const sent = await beacons.stop();
    expect(backup.code, backup.stderr).toBe(0);
    const [, file, pgRows, chRows] = BACKUP_LINE.exec(backup.lastLine) ?? [];
    expect(file).toBe(archive);
    const moment = Date.parse(/consistent to (\S+)/.exec(backup.stdout)?.[1] ?? '');
    expect(moment).toBeGreaterThan(0);
    expect((await a.stop()).code).toBe(0);

    const restore = await pnpm('restore', [archive, '--data-dir', restored]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.lastLine).toBe(`restored: ${restored} (postgres ${pgRows} rows, clickhouse ${chRows} rows)`);
    expect(RESTORED_LINE.test(restore.lastLine)).toBe(true);
    expect(readdirSync(root).filter((n) => n.includes('.restoring-') || n.includes('.parts-'))).toEqual([]);

    // Every table, counted on the restored directory by the test's own SQL, holds what the source held at the moment.
    const manifest = readManifest(archive);
    const counted = inspectDataDir(restored);
    const expected = (tables: Array<{ name: string; rows: number }>) => Object.fromEntries(tables.map((t) => [t.name, t.rows]));
    expect(counted.postgres).toEqual(expected(manifest.postgres!.tables));
    expect(counted.clickhouse).toEqual(expected(manifest.clickhouse!.tables));
    expect(Object.values(counted.postgres).reduce((s, n) => s + n, 0)).toBe(Number(pgRows));
    expect(Object.values(counted.clickhouse).reduce((s, n) => s + n, 0)).toBe(Number(chRows));
    expect(counted.postgres['public.leads']).toBeGreaterThanOrEqual(LEADS);

    // The cut: what was acknowledged before the moment is in, nothing sent after it is.
    const stored = new Set(counted.botEventIds);
    const acknowledgedBefore = sent.filter((s) => s.ackedAt < moment);
    const sentAfter = sent.filter((s) => s.sentAt > moment);
    expect(acknowledgedBefore.length).toBeGreaterThan(0);
    expect(sentAfter.length).toBeGreaterThan(0);
    expect(acknowledgedBefore.flatMap((s) => s.ids).filter((id) => !stored.has(id))).toEqual([]);
    expect(sentAfter.flatMap((s) => s.ids).filter((id) => stored.has(id))).toEqual([]);

    // The restored product: healthy, the owner signs in with the same password, and sees what they saw.
    const b = await startProduct(restored, env);
    products.push(b);
    expect((await getJson(`${b.url}/api/health`)).body).toMatchObject({ status: 'ok', postgres: { ok: true }, clickhouse: { ok: true } });
    const cookieB = await signIn(b.url, ADMIN);
    expect(await ownerViews(b.url, cookieB)).toEqual(before);
    expect(await ownerViews(b.url, cookieB, reportPaths)).toEqual(reportsBefore);
    // A lead's old report link, as the lead opens it.
    for (const path of reportPaths) expect(await getJson(`${b.url}${path}`)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await b.stop()).code).toBe(0);
    expect(existsSync(archive)).toBe(true);
  }, 300_000);
});
