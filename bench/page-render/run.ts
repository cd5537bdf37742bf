// How long a public page takes to render with the owner's content at run time (server render
// into the template, then brotli and gzip), the first time and after each publish (a new
// version of the content), and what a cached page costs. Needs `pnpm build` first.
import { join } from 'node:path';
import { pageSeo } from '@curb/content';
import { loadPageRenderer } from '../../services/api/src/lib/page-renderer.ts';
import { sampleSiteContent } from '../../services/api/src/plugins/site-content.ts';

const r = await loadPageRenderer(join(import.meta.dirname, '..', '..', 'web', 'dist'));
if (!r) throw new Error('The web app is not built: run `pnpm build` first.');
const base = sampleSiteContent();
const paths = [...pageSeo.map((p) => p.path), `/blog/${base.posts[0]!.slug}`, '/no-such-page'];
const post = async () => ({ ...base.posts[0]!, html: '<p>body</p>'.repeat(50) });
const rows: Record<string, number[]> = {};
for (let round = 0; round < 12; round++) {
  const content = { ...base, version: `v${round}` };
  for (const path of paths) {
    const t = performance.now();
    await r.page(path, content, post);
    (rows[path] ??= []).push(performance.now() - t);
  }
}
const hit = performance.now();
for (let i = 0; i < 1000; i++) await r.page('/', { ...base, version: 'v11' }, post);
const hitMs = (performance.now() - hit) / 1000;
console.log('path | first render ms | median re-render ms (new version, incl. brotli+gzip) | max');
for (const [path, ms] of Object.entries(rows)) {
  const rest = ms.slice(1).sort((a, b) => a - b);
  console.log(`${path} | ${ms[0]!.toFixed(1)} | ${rest[Math.floor(rest.length / 2)]!.toFixed(1)} | ${rest.at(-1)!.toFixed(1)}`);
}
console.log(`cached page: ${(hitMs * 1000).toFixed(1)} µs`);
const t = [...r.timings].sort((a, b) => a - b);
const at = (q: number) => t[Math.floor(t.length * q)]!.toFixed(1);
console.log(`server render alone: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${t.length} renders`);
