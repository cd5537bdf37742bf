// `pnpm backup [--out FILE]`: one archive of everything the product stores, at one moment. A
// running product is asked through its control socket (DATA_DIR/control.sock) and writes the
// archive itself while it keeps serving; a stopped one is opened here. The last line is
// `backup: FILE (postgres N rows, clickhouse M rows)`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, runMain, StartupError } from '@curb/runtime';
import { backupLine, backupStoppedProduct } from '@curb/runtime/backup/backup';
import { askForBackup } from '@curb/runtime/backup/control';
import { archiveName } from '@curb/runtime/backup/manifest';

runMain(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const config = loadConfig();
  // pnpm runs scripts from the repository's root: a path given on the command line is the shell's.
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? archiveName(new Date()));
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const asked = await askForBackup(config.DATA_DIR, out, say);
    if (asked) say(`Taken by the running product, consistent to ${asked.moment} (beacons acknowledged later are not in it)`);
    const result = asked ?? (await backupStoppedProduct(config, out, say));
    if (!asked) say(`Taken from the stopped product's data directory ${resolve(config.DATA_DIR)}`);
    say(`${(result.bytes / 1_048_576).toFixed(1)} MiB in ${(result.ms / 1000).toFixed(1)} s`);
    say(backupLine(result));
  } catch (err) {
    if (err instanceof StartupError) throw err;
    throw new StartupError(`backup failed: ${(err as Error).message}`);
  }
  // chDB keeps threads of its own: the archive is written, nothing is left to wait for.
  process.exit(0);
});
