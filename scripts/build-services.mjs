// Compiles the services and the packages they use to JavaScript, file by file, beside their
// sources (`src/` → `dist/`), so production runs plain `node` instead of a TypeScript loader.
// Imports are rewritten for the output: `./x.ts` → `./x.js`, and `@curb/pkg/sub` → the
// relative path of that package's compiled file (every workspace package exports `./src/*.ts`),
// so compiled code never reaches back into TypeScript. SQL migrations and the worker-thread
// scripts are copied as they are. Takes about a second; run by `pnpm build` and `pnpm start`.
// `--out-dir NAME` writes beside `src/` under another name instead of `dist/` (a test checks
// the compiled code there while a product started from `dist/` runs beside it); `build.json`
// in the launcher's output says when the build began and what it compiled, so a test can tell
// whether the compiled files are older than their sources.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outFlag = process.argv.indexOf('--out-dir');
const OUT = outFlag === -1 ? 'dist' : process.argv[outFlag + 1];
if (!OUT || !/^dist[\w.-]*$/.test(OUT))
  throw new Error(`--out-dir ${OUT}: a directory name starting with "dist" (it sits beside each src/)`);
const UNITS = ['packages/analytics', 'packages/audit', 'packages/content', 'packages/contracts', 'packages/db', 'packages/runtime'];
UNITS.push('services/api', 'services/collector', 'services/launcher', 'services/worker');

/** `@curb/name` → its directory, from each package's own name. */
const packageDirs = new Map(
  UNITS.map((unit) => [JSON.parse(readFileSync(join(root, unit, 'package.json'), 'utf8')).name, join(root, unit)]),
);

/** The compiled file for a workspace import such as `@curb/audit/pdf/render-pool` or `@curb/api`. */
function compiledTarget(specifier) {
  const [scope, name, ...rest] = specifier.split('/');
  const dir = packageDirs.get(`${scope}/${name}`);
  if (!dir) throw new Error(`${specifier}: not a workspace package this build compiles`);
  const exports = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports;
  const source = rest.length ? exports['./*'].replace('*', rest.join('/')) : exports['.'];
  return join(dir, source.replace(/^\.\/src\//, `${OUT}/`).replace(/\.ts$/, '.js'));
}

const rewriteImports = {
  name: 'rewrite-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      if (args.path.startsWith('@curb/')) {
        const importerOut = args.importer.replace(/\/src\//, `/${OUT}/`);
        let path = relative(dirname(importerOut), compiledTarget(args.path));
        if (!path.startsWith('.')) path = `./${path}`;
        return { path, external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

/** Files under `dir` (relative paths), recursively. */
const filesIn = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));

const startedAt = Date.now();
const started = performance.now();
let files = 0;
for (const unit of UNITS) {
  const src = join(root, unit, 'src');
  const dist = join(root, unit, OUT);
  rmSync(dist, { recursive: true, force: true });
  const entryPoints = filesIn(src)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(src, f));
  files += entryPoints.length;
  await build({
    entryPoints,
    outdir: dist,
    outbase: src,
    bundle: true, // only to run the resolver: every import is external, so each file stays itself
    plugins: [rewriteImports],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const asset of filesIn(src).filter((f) => /\.(sql|mjs)$/.test(f))) cpSync(join(src, asset), join(dist, asset));
}
writeFileSync(join(root, 'services/launcher', OUT, 'build.json'), `${JSON.stringify({ startedAt, units: UNITS })}\n`);
if (!process.argv.includes('--quiet')) {
  process.stdout.write(`compiled ${files} files of ${UNITS.length} packages in ${Math.round(performance.now() - started)} ms\n`);
}
