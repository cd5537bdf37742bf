// Writes brotli and gzip copies next to every compressible built file (assets, media,
// prerendered pages), so the server sends them compressed without spending CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = process.env.PRERENDER_DIST ?? join(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|vcf|map)$/;
/** Below this, compression saves less than its framing costs. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

const started = performance.now();
let count = 0;
let before = 0;
let after = 0;
for (const file of files(DIST)) {
  const data = readFileSync(file);
  // Best compression for the files on the critical path; big chunks get a quicker level.
  const quality = data.length > 64 * 1024 ? 9 : 11;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  before += data.length;
  after += br.length;
}
process.stdout.write(
  `compressed ${count} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli in ` +
    `${Math.round(performance.now() - started)} ms\n`,
);
