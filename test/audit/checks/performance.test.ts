import { describe, expect, it } from 'vitest';
import { CHECKS_BY_ID } from '@curb/audit/checks/registry';
import { checkCategory, contextOf, GOOD_RESOURCES, labWith } from './harness.ts';
import type { LabResult, LabRun } from '@curb/audit/lab/types';

const run = (over: Partial<LabRun> = {}): LabRun => ({
  performance: 92,
  seo: 100,
  accessibility: 95,
  bestPractices: 100,
  lcpMs: 1800,
  fidMs: 40,
  cls: 0.02,
  tbtMs: 90,
  fcpMs: 1200,
  speedIndexMs: 1500,
  interactiveMs: 2100,
  ...over,
});
const lab = (mobile: Partial<LabRun> = {}, desktop: Partial<LabRun> = {}): LabResult => ({
  lighthouse: true,
  mobile: run(mobile),
  desktop: run(desktop),
  screenshot: null,
  notes: [],
});
const css = (n: number) => Array.from({ length: n }, (_, i) => `<link rel="stylesheet" href="/css/${i}.css">`).join('');
const script = (host: string) => `<script async src="https://${host}/tag.js"></script>`;

describe('performance checks', () =>
  checkCategory('performance', {
    'perf.ttfb-slow': { fires: { ttfbMs: 1900 } },
    'perf.load-slow': { fires: { lab: lab({}, { interactiveMs: 5200 }) }, passes: { lab: lab() } },
    'perf.lcp-slow': { fires: { lab: lab({ lcpMs: 4100 }) }, passes: { lab: lab() } },
    'perf.cls-high': { fires: { lab: lab({ cls: 0.31 }) }, passes: { lab: lab() } },
    'perf.tbt-high': { fires: { lab: lab({ tbtMs: 820 }) }, passes: { lab: lab() } },
    'perf.mobile-score-low': { fires: { lab: lab({ performance: 34 }) }, passes: { lab: lab() } },
    'perf.html-truncated': { fires: { truncated: true } },
    'perf.html-large': { fires: { htmlBytes: 800 * 1024 } },
    'perf.inline-data-uri': {
      // A 150 KB photo pasted into the page, against a 2 KB inlined icon.
      fires: {
        replace: [['<main>', `<main><img alt="Sold" width="800" height="600" src="data:image/jpeg;base64,${'A'.repeat(200_000)}">`]],
      },
      passes: { replace: [['<main>', `<main><img alt="" width="16" height="16" src="data:image/png;base64,${'A'.repeat(2_700)}">`]] },
    },
    'perf.page-weight': { fires: { resources: [...GOOD_RESOURCES.slice(0, 3), { ...GOOD_RESOURCES[3]!, bytes: 1_600_000 }] } },
    'perf.compression-missing': { fires: { headers: { 'content-encoding': undefined } } },
    'perf.compression-assets': {
      fires: {
        resources: [
          { ...GOOD_RESOURCES[0]!, headers: { 'content-type': 'text/css', 'cache-control': 'max-age=31536000' } },
          ...GOOD_RESOURCES.slice(1),
        ],
      },
    },
    'perf.cache-missing': {
      fires: {
        resources: [
          { ...GOOD_RESOURCES[0]!, headers: { 'content-type': 'text/css', 'content-encoding': 'gzip' } },
          ...GOOD_RESOURCES.slice(1),
        ],
      },
    },
    'perf.cache-short': {
      fires: {
        resources: [
          { ...GOOD_RESOURCES[0]!, headers: { 'content-type': 'text/css', 'content-encoding': 'gzip', 'cache-control': 'max-age=600' } },
          ...GOOD_RESOURCES.slice(1),
        ],
      },
    },
    'perf.render-blocking-scripts': {
      fires: {
        replace: [
          [
            '<script defer src="https://jane.idxbroker.com/idx/widgets/12345"></script>',
            '<script src="https://jane.idxbroker.com/idx/widgets/12345"></script>',
          ],
        ],
      },
    },
    'perf.render-blocking-css': {
      fires: { replace: [['<link rel="stylesheet" href="/styles.css">', css(6)]] },
      passes: { replace: [['<link rel="stylesheet" href="/styles.css">', css(4)]] },
    },
    'perf.dom-size': { fires: { replace: [['<main>', `<main>${'<div><span>x</span></div>'.repeat(800)}`]] } },
    'perf.dom-depth': { fires: { replace: [['<main>', `<main>${'<div>'.repeat(40)}deep${'</div>'.repeat(40)}`]] } },
    'perf.too-many-requests': {
      fires: {
        replace: [
          [
            '<main>',
            `<main>${Array.from(
              { length: 90 },
              (_, i) => `<img src="/i/${i}.webp" alt="Photo ${i}" width="10" height="10" loading="lazy">`,
            ).join('')}`,
          ],
        ],
      },
    },
    'perf.inline-bloat': { fires: { replace: [['</head>', `<style>${'.a{color:red}'.repeat(9000)}</style></head>`]] } },
    'perf.document-write': { fires: { replace: [['</head>', '<script>document.write("<p>hi</p>")</script></head>']] } },
    'perf.third-party-heavy': {
      fires: { replace: [['</head>', `${Array.from({ length: 11 }, (_, i) => script(`vendor${i}.example.com`)).join('')}</head>`]] },
    },
    'perf.broken-scripts-styles': {
      fires: { resources: GOOD_RESOURCES.map((r) => (r.kind === 'stylesheet' ? { ...r, status: 404 } : r)) },
    },
    'perf.console-errors': {
      fires: {
        lab: labWith({
          id: 'errors-in-console',
          title: 'Browser errors were logged to the console',
          items: ['Uncaught TypeError: Cannot read properties of undefined (reading "init")'],
        }),
      },
      passes: { lab: labWith() },
    },
    'perf.deprecated-apis': {
      fires: {
        lab: labWith({
          id: 'deprecations',
          title: 'Uses deprecated APIs',
          displayValue: '1 warning found',
          items: ['Synchronous XMLHttpRequest'],
        }),
      },
      passes: { lab: labWith() },
    },
    'perf.unminified-files': {
      fires: {
        lab: labWith({
          id: 'unminified-javascript',
          title: 'Minify JavaScript',
          displayValue: 'Est savings of 42 KiB',
          items: ['https://janesmithrealty.com/theme.js'],
        }),
      },
      passes: { lab: labWith() },
    },
  }));

describe('blocking time on a page without scripts', () => {
  it('blames no script when the page runs none (the figure is the test machine’s load)', () => {
    const tbt = CHECKS_BY_ID.get('perf.tbt-high')!;
    const noScripts = '<!doctype html><html lang="en"><head><title>Homes</title></head><body><h1>Homes</h1><p>Call us.</p></body></html>';
    expect(tbt.run(contextOf({ html: noScripts, lab: lab({ tbtMs: 1129 }) })) || null).toBeNull();
    // Structured data is no script; one inline script is.
    const withData = noScripts.replace('</head>', '<script type="application/ld+json">{"@type":"RealEstateAgent"}</script></head>');
    expect(tbt.run(contextOf({ html: withData, lab: lab({ tbtMs: 1129 }) })) || null).toBeNull();
    const withScript = noScripts.replace('</body>', '<script>for(;;){}</script></body>');
    expect(tbt.run(contextOf({ html: withScript, lab: lab({ tbtMs: 1129 }) }))).toBeTruthy();
  });
});
