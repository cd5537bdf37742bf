// What the backup tests share: `pnpm backup` / `pnpm restore` as a person runs them, the
// archive's manifest as `tar` reads it, an independent count of a data directory's tables, and the
// owner's view of a product (signed in) to compare before and after.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createSql } from '@curb/db';
import type { Manifest } from '@curb/runtime/backup/manifest';
import { DASHBOARD_ENDPOINTS } from '../../bench/dashboards/endpoints.ts';
import { REPO_ROOT } from '../process.ts';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  lastLine: string;
}

/** `pnpm <script> ...args` in the repository, with `env` added. */
export function pnpm(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['-s', script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`pnpm ${script} did not end within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const lines = (code === 0 ? stdout : stderr || stdout).trim().split('\n');
      resolve({ code, stdout, stderr, lastLine: lines.at(-1) ?? '' });
    });
  });
}

export const BACKUP_LINE = /^backup: (.+) \(postgres (\d+) rows, clickhouse (\d+) rows\)$/;
export const RESTORED_LINE = /^restored: (.+) \(postgres (\d+) rows, clickhouse (\d+) rows\)$/;

/** The manifest, read with the system's `tar` (the archive is a plain .tar.gz). */
export function readManifest(file: string): Manifest {
  return JSON.parse(execFileSync('tar', ['-xzOf', file, 'manifest.json'], { encoding: 'utf8' })) as Manifest;
}

export interface Inspection {
  postgres: Record<string, number>;
  clickhouse: Record<string, number>;
  botEventIds: string[];
}

/** Every table's count in a stopped product's data directory, by inspect.ts in a process of its own. */
export function inspectDataDir(dir: string): Inspection {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'inspect.ts'), dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Inspection;
}

/** Signs in as the owner; answers the session cookie. */
export async function signIn(url: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(admin),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function getJson(url: string, cookie?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return { status: res.status, body };
}

/** Every dashboard's answer (the endpoints `pnpm bench:dashboards` times) and the owner's records. */
export const OWNER_VIEWS = [
  ...DASHBOARD_ENDPOINTS,
  '/api/admin/marketing-audits',
  '/api/admin/ingest-quarantine',
  '/api/settings?category=analytics',
  '/api/settings?category=seo',
];

/** Measured when asked, not stored: when a figure was looked at, and the live site check's load time. */
const MEASURED_NOW = new Set(['lastCheckedAt', 'checkedAt', 'load_time_ms']);

function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, MEASURED_NOW.has(k) ? '(measured when asked)' : stored(v)]));
  return value;
}

export async function ownerViews(url: string, cookie: string, paths: readonly string[] = OWNER_VIEWS): Promise<Record<string, unknown>> {
  const views: Record<string, unknown> = {};
  for (const path of paths) views[path] = stored(await getJson(`${url}${path}`, cookie));
  return views;
}

/** Waits until the product's spool is empty (its metrics answer loopback clients). */
export async function waitForFlush(url: string, timeoutMs = 30_000): Promise<void> {
  const spooled = async () => ((await (await fetch(`${url}/api/events/metrics`)).json()) as { spooled: number }).spooled;
  await expect.poll(spooled, { timeout: timeoutMs, interval: 200, message: 'the spool still holds events' }).toBe(0);
}

/**
 * Waits until the api's own events (report views) have left PostgreSQL's outbox for ClickHouse,
 * read on the running product's embedded PostgreSQL (its port in the pid file).
 */
export async function waitForOutbox(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const port = readFileSync(join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  const password = readFileSync(join(dataDir, 'postgres', 'password'), 'utf8').trim();
  const sql = createSql(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, { max: 1 });
  try {
    const waiting = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM event_outbox`)[0]!.n;
    await expect.poll(waiting, { timeout: timeoutMs, interval: 200, message: 'events still wait in the outbox' }).toBe(0);
  } finally {
    await sql.end();
  }
}
