// Which page and status each path gets: prerendered pages 200, browser-only pages the
// shell, unknown case studies 'Post Not Found' and unknown paths the 404 page, both 404.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPages, pageFor } from './web-app.ts';

describe('web app pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'curb-web-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'index.html'), '<html>shell</html>');
  mkdirSync(join(dist, '_prerendered'));
  const files = { 'index.html': 'home', 'services.html': 'services', 'blog__exp-realty-transition.html': 'post', 'not-found.html': '<title>Page /__token__</title>', 'post-not-found.html': 'Post Not Found' };
  for (const [file, body] of Object.entries(files)) writeFileSync(join(dist, '_prerendered', file), body);
  writeFileSync(
    join(dist, '_prerendered', 'manifest.json'),
    JSON.stringify({ pages: { '/': 'index.html', '/services': 'services.html', '/blog/exp-realty-transition': 'blog__exp-realty-transition.html' }, notFound: 'not-found.html', postNotFound: 'post-not-found.html', notFoundPathToken: '/__token__' }),
  );
  const pages = loadPages(dist);

  it.each([
    ['/', 200, 'home'],
    ['/services', 200, 'services'],
    ['/services/', 200, 'services'],
    ['/blog/exp-realty-transition', 200, 'post'],
    ['/blog/no-such-post', 404, 'Post Not Found'],
    ['/admin/dashboard', 200, '<html>shell</html>'],
    ['/audit-report/abc', 200, '<html>shell</html>'],
    ['/no-such-page', 404, '<title>Page /no-such-page</title>'],
  ])('%s answers %i', (path, status, html) => {
    expect(pageFor(pages, path)).toMatchObject({ status, html });
  });

  it('puts the visited path into the 404 page escaped', () => {
    expect(pageFor(pages, '/%3Cscript%3Ealert(1)%3C/script%3E').html).toBe('<title>Page /&#60;script&#62;alert(1)&#60;/script&#62;</title>');
  });
});
