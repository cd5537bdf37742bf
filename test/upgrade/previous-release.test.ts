// An upgrade as an owner does it: the previous release (from git history: the commit before
// the newest migration) runs on a data directory and takes a lead, its audit, a beacon, a
// setting and the admin account; today's release starts on it, backs it up before migrating,
// and serves all of it. A data directory from a newer release is refused.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@curb/contracts/config';
import { openStores } from '@curb/runtime';
import { freePort } from '@curb/runtime/free-port';
import { GOOD_HTML } from '../audit/checks/good-site.ts';
import { startSite, type TestSite } from '../audit/sites.ts';
import { REPO_ROOT, runLauncher, startProduct } from '../process.ts';

const OWNER = { email: 'owner@upgrade.test', password: 'the owner password 2026' };
const dir = mkdtempSync(join(tmpdir(), 'curb-upgrade-'));
const dataDir = join(dir, 'data');
const backupDir = join(dir, 'backups');
const previous = join(dir, 'previous-release');
let site: TestSite;
let previousCommit = '';
/** Whether the releases between then and now add a PostgreSQL migration (or only ClickHouse ones). */
let postgresMigrationsAdded = true;

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
/** A clone without history (`--depth 1`) has no previous release to start from. */
const shallow = git('rev-parse', '--is-shallow-repository') === 'true';

beforeAll(async () => {
  if (shallow) return;
  site = await startSite({ '/': GOOD_HTML, '/robots.txt': 'User-agent: *\nAllow: /\n' });
  // The release before the newest migration: today's release must migrate what it wrote.
  const migrations = ['packages/db/src/migrations', 'packages/analytics/src/migrations'];
  const lastMigration = git('log', '-1', '--diff-filter=A', '--format=%H', '--', ...migrations);
  previousCommit = git('rev-parse', `${lastMigration}^`);
  postgresMigrationsAdded = git('diff', '--name-only', '--diff-filter=A', previousCommit, 'HEAD', '--', migrations[0]!) !== '';
  mkdirSync(previous);
  execFileSync('sh', ['-c', `git -C "${REPO_ROOT}" archive ${previousCommit} | tar -x -C "${previous}"`]);
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], { cwd: previous, stdio: 'ignore' });
}, 300_000);

afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  AUDIT_ALLOW_PRIVATE_NETWORKS: 'true',
  CHROME_PATH: join(dir, 'no-chromium'),
  BACKUP_DIR: backupDir,
  // A clean stop of both releases, however loaded the machine (the default allows 4 s).
  SHUTDOWN_TIMEOUT_MS: '30000',
};

/** The previous release, started from its own checkout as `pnpm start` would. */
async function startPrevious(): Promise<{ url: string; output(): string; stop(): Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/launcher/src/main.ts'], {
    cwd: previous,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the previous release exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the previous release did not start:\n${output}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      child.kill('SIGINT');
      return exited;
    },
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/156.0', ...headers },
  });

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await post(`${base}/api/login`, OWNER);
  expect(res.status).toBe(200);
  return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, origin: base };
}

describe.skipIf(shallow)('upgrading from the previous release', () => {
  it('keeps every lead, audit, event, setting and account, with a backup taken before migrating', async () => {
    const old = await startPrevious();
    const lead = await post(`${old.url}/api/lead`, {
      formId: 'inline-audit',
      variant: 'inline-audit',
      source: 'Marketing Audit Page',
      website: `http://127.0.0.1:${site.port}/`,
      businessName: 'Upgrade Realty',
      email: 'agent@upgrade-realty.example',
      emailConsent: true,
    });
    expect(lead.status).toBe(201);
    const { reportId } = (await lead.json()) as { reportId: string };
    const deadline = Date.now() + 60_000;
    while ((await (await fetch(`${old.url}/api/audit-report/${reportId}`)).json()).status !== 'ready') {
      if (Date.now() > deadline) throw new Error('the audit did not finish under the previous release');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect((await post(`${old.url}/api/events`, { name: 'page_view', path: '/before-upgrade' })).status).toBe(202);
    const owner = await signIn(old.url);
    // A save names the version of the section it was made on.
    const section = await fetch(`${old.url}/api/admin/settings/seo`, { headers: owner });
    const { version } = (await section.json()) as { version: number };
    const saved = await fetch(`${old.url}/api/settings/seo`, {
      method: 'PUT',
      body: JSON.stringify({ values: { site_title: 'Upgrade Realty Group' }, baseVersion: version }),
      headers: { 'content-type': 'application/json', ...owner },
    });
    expect(saved.status).toBe(200);
    // The beacon is in ClickHouse once flushed (about a second); a clean stop flushes it too.
    expect(await old.stop(), old.output()).toBe(0);

    // Only the start upgrades (after its backup): the admin command refuses to migrate
    // PostgreSQL; with only ClickHouse migrations to come it has nothing to migrate and runs.
    const adminCreate = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'services/api/src/cli/admin-create.ts'), '--email', OWNER.email, '--password', OWNER.password],
      { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    );
    if (postgresMigrationsAdded) {
      expect(adminCreate.status).toBe(1);
      expect(adminCreate.stderr).toContain('This data directory needs an upgrade: start the product once');
    } else {
      expect(adminCreate.status, adminCreate.stderr).toBe(0);
    }

    const today = await startProduct(dataDir, { ...env });
    try {
      expect(today.output()).toMatch(
        /Upgrading the data directory \(((PostgreSQL|ClickHouse) migrations [\d, ]+(; )?)+\): backing it up first/,
      );
      const backedUp = /Backed up before the upgrade: (\S+)/.exec(today.output())?.[1];
      expect(backedUp).toBeDefined();
      expect(backedUp!.startsWith(backupDir)).toBe(true);
      expect(existsSync(backedUp!)).toBe(true);

      const report = (await (await fetch(`${today.url}/api/audit-report/${reportId}`)).json()) as { status: string };
      expect(report.status).toBe('ready');
      const seo = (await (await fetch(`${today.url}/api/settings?category=seo`)).json()) as Array<{ key: string; value: string }>;
      expect(seo).toContainEqual(expect.objectContaining({ key: 'site_title', value: 'Upgrade Realty Group' }));
      const admin = await signIn(today.url);
      const audits = (await (await fetch(`${today.url}/api/admin/marketing-audits`, { headers: admin })).json()) as {
        recent: Array<{ businessName: string; reportId: string }>;
      };
      expect(audits.recent).toContainEqual(expect.objectContaining({ businessName: 'Upgrade Realty', reportId }));
    } finally {
      expect((await today.stop()).code).toBe(0);
    }

    const stores = await openStores(parseConfig({ DATA_DIR: dataDir }), { allowEmbedded: true });
    try {
      const leads = await stores.sql`SELECT email FROM leads WHERE email = 'agent@upgrade-realty.example'`;
      expect(leads).toHaveLength(1);
      const [events] = await stores.ch.query<{ n: string }>("SELECT count() AS n FROM events WHERE path = '/before-upgrade'");
      expect(Number(events!.n)).toBe(1);
      // A release from the future wrote this directory: today's must not touch it.
      await stores.sql`INSERT INTO schema_migrations (version, name) VALUES (9999, 'from a newer release')`;
    } finally {
      await stores.close();
    }
    const refused = runLauncher({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/This data directory was written by a newer release \(its PostgreSQL migration 9999 is unknown/);
  }, 300_000);
});
