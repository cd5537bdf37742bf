// Starts the product as `pnpm start` does, in a child process, for end-to-end tests: from the
// compiled launcher `pnpm build` writes before the tests (plain node starts it about a third
// faster than a TypeScript loader), or through tsx when the compiled files are missing or
// older than their sources, so a file run alone after an edit still tests the code checked out.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@curb/runtime/free-port';

export const REPO_ROOT = join(import.meta.dirname, '..');

/**
 * Whether the last build under `root` compiled every source file as it is now, from the stamp
 * scripts/build-services.mjs leaves beside the compiled launcher (when it began, what it compiled).
 */
export function compiledIsCurrent(root = REPO_ROOT): boolean {
  let stamp: { startedAt: number; units: string[] };
  try {
    stamp = JSON.parse(readFileSync(join(root, 'services/launcher/dist/build.json'), 'utf8'));
  } catch {
    return false;
  }
  return stamp.units.every((unit) =>
    readdirSync(join(root, unit, 'src'), { recursive: true, withFileTypes: true }).every(
      (entry) =>
        !entry.isFile() || entry.name.endsWith('.test.ts') || statSync(join(entry.parentPath, entry.name)).mtimeMs < stamp.startedAt,
    ),
  );
}

let launcher: string[] | undefined;
/** Node's arguments that run the launcher, decided once per test file. */
export function launcherArgs(): string[] {
  if (!launcher) {
    if (compiledIsCurrent()) launcher = [join(REPO_ROOT, 'services/launcher/dist/main.js')];
    else {
      process.stderr.write(
        'The compiled services are missing or older than their sources: the product starts through tsx (`pnpm build` compiles them).\n',
      );
      launcher = ['--import', 'tsx', join(REPO_ROOT, 'services/launcher/src/main.ts')];
    }
  }
  return launcher;
}

export interface RunningProduct {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends SIGINT and resolves with the exit code and how long the stop took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

export function runLauncher(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, launcherArgs(), {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The banner the launcher prints once it is ready (after it listens, so after the health check first answers). */
const READY = 'Curb Appeal is running';

/** Starts the product and resolves once it has said it is running and its health check answers. */
export async function startProduct(dataDir: string, env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const run = runLauncher({ DATA_DIR: dataDir, PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`product exited (${exitCode}) before it was healthy:\n${run.output()}`);
    if (Date.now() > deadline) {
      run.child.kill('SIGINT');
      throw new Error(`product not running after 60 s:\n${run.output()}`);
    }
    const healthy =
      run.output().includes(READY) &&
      (await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      ));
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child: run.child,
    url,
    output: run.output,
    async stop() {
      const started = performance.now();
      run.child.kill('SIGINT');
      const code = await run.exited;
      return { code, ms: performance.now() - started };
    },
  };
}
