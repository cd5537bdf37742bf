// `pnpm admin:create [--email me@example.com] [--password ...] [--first-name Ann]`:
// creates the admin account, or sets a new password on an existing one (ending its
// sessions). Asks for what is not given. Works against DATABASE_URL, against the embedded
// database of a running product, or starts the embedded database itself.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createSql, migratePostgres, startEmbeddedPostgres, type Sql } from '@curb/db';
import { freePort, loadConfig, lockDataDir, runMain, StartupError } from '@curb/runtime';
import { upgradePlan } from '@curb/runtime/upgrade';
import { adminAccountProblem, upsertAdmin } from '../lib/auth/admin-users.ts';

runMain(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' } },
    strict: true,
  });
  const config = loadConfig();
  const email = values.email ?? (await ask('Admin e-mail: '));
  const password = values.password ?? (await ask('Password (at least 12 characters): ', true));
  const problem = adminAccountProblem(email, password);
  if (problem) throw new StartupError(problem);

  const db = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  try {
    // Only the product's start upgrades a data directory: it backs it up first.
    const plan = await upgradePlan(db.sql);
    if (plan.newer.length || (!plan.fresh && plan.pending.length)) {
      throw new StartupError(
        plan.newer.length
          ? 'This data directory was written by a newer release: run pnpm admin:create from that release.'
          : 'This data directory needs an upgrade: start the product once (it backs the data up first), then run pnpm admin:create.',
      );
    }
    await migratePostgres(db.sql);
    const { user, created } = await upsertAdmin(db.sql, { email, password, firstName: values['first-name'] });
    process.stdout.write(
      created ? `Admin account ${user.email} created.\n` : `Password of ${user.email} changed; its sessions were ended.\n`,
    );
  } finally {
    await db.close();
  }
});

async function openDatabase(databaseUrl: string | undefined, dataDir: string): Promise<{ sql: Sql; close(): Promise<void> }> {
  const connect = (url: string, stop?: () => Promise<void>) => {
    const sql = createSql(url, { max: 1 });
    return {
      sql,
      close: async () => {
        await sql.end({ timeout: 2 });
        await stop?.();
      },
    };
  };
  if (databaseUrl) return connect(databaseUrl);

  const pgDir = resolve(dataDir, 'postgres');
  const running = runningPostgresPort(join(pgDir, 'cluster'));
  if (running) {
    // The product is running: use its database rather than starting a second server.
    const password = readFileSync(join(pgDir, 'password'), 'utf8').trim();
    return connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running}/postgres`);
  }
  const unlock = lockDataDir(dataDir);
  const pg = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort() });
  return connect(pg.url, async () => {
    await pg.stop();
    unlock();
  });
}

/** The port of a live postmaster on this cluster (line 4 of postmaster.pid), if any. */
function runningPostgresPort(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number(port) || undefined;
}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new StartupError('Give --email and --password when not running in a terminal.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write(s.startsWith(question) ? question : '');
  }
  try {
    const answer = await rl.question(question);
    if (hidden) process.stdout.write('\n');
    return hidden ? answer : answer.trim();
  } finally {
    rl.close();
  }
}
