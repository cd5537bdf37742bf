// `pnpm restore FILE [--data-dir DIR] [--force]`: restores an archive of `pnpm backup` into an
// empty data directory (DATA_DIR unless --data-dir; a non-empty one only with --force), for the
// product to start on. The last line is `restored: DIR (postgres N rows, clickhouse M rows)`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, runMain, StartupError } from '@curb/runtime';
import { restoreArchive, restoredLine } from '@curb/runtime/backup/restore';

runMain(async () => {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new StartupError('Usage: pnpm restore FILE [--data-dir DIR] [--force]');
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    // pnpm runs scripts from the repository's root: paths given on the command line are the shell's
    // (DATA_DIR, like `pnpm start`'s, is the repository's).
    const shell = process.env.INIT_CWD ?? process.cwd();
    const dataDir = values['data-dir'] ? resolve(shell, values['data-dir']) : resolve(config.DATA_DIR);
    const result = await restoreArchive(resolve(shell, positionals[0]!), dataDir, { force: values.force, log: say });
    if (config.DATABASE_URL || config.CLICKHOUSE_URL)
      say('This configuration sets DATABASE_URL or CLICKHOUSE_URL: unset them to start on the restored embedded stores.');
    say(restoredLine(result));
  } catch (err) {
    if (err instanceof StartupError) throw err;
    throw new StartupError(`restore failed: ${(err as Error).message}`);
  }
  process.exit(0);
});
