// `pnpm start`: builds the web app when it has not been built, then runs the launcher
// in this same process (so Ctrl-C reaches it directly).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  process.stdout.write('Building the web app (first start only)...\n');
  const build = spawnSync('pnpm', ['--filter', '@curb/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('The web app did not build: see the output above.\n');
    process.exit(1);
  }
}
const { register } = await import('tsx/esm/api');
register();
await import('../services/launcher/src/main.ts');
