// `pnpm start`: builds the web app when it has not been built, compiles the services (about a
// second, so the code that runs is always the code checked out), then runs the compiled
// launcher in this same process (so Ctrl-C reaches it directly). No TypeScript loader.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const run = (what, command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`${what} failed: see the output above.\n`);
    process.exit(1);
  }
};
if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  process.stdout.write('Building the web app (first start only)...\n');
  run('Building the web app', 'pnpm', ['--filter', '@curb/web', 'build']);
}
run('Compiling the services', process.execPath, [join(root, 'scripts', 'build-services.mjs'), '--quiet']);
await import('../services/launcher/dist/main.js');
