// Bundles the tracker (minified ESM, dist/tracker.js) and reports its gzip size;
// with --check it fails above the 3 KB budget.
import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const BUDGET = 3 * 1024;
const root = join(import.meta.dirname, '..');
const result = await build({
  entryPoints: [join(root, 'src/index.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  write: false,
  legalComments: 'none',
});
const code = result.outputFiles[0].contents;
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/tracker.js'), code);
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`tracker: ${code.length} B minified, ${gzip} B gzip (budget ${BUDGET} B)`);
if (process.argv.includes('--check') && gzip > BUDGET) {
  console.error('The tracker is over its size budget.');
  process.exit(1);
}
