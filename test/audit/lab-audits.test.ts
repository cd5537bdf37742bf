// Lighthouse's own audit results as the checks read them (lab/lighthouse-audits.ts): failed
// scored audits with the elements, messages or files they name; passed, informative, manual
// and not-applicable ones are dropped.
import { describe, expect, it } from 'vitest';
import { failedAudits } from '@curb/audit/lab/lighthouse-audits';

describe('failed Lighthouse audits', () => {
  it('keeps failed scored audits with what they named, and drops the rest', () => {
    const audits = failedAudits([
      {
        id: 'color-contrast',
        title: 'Background and foreground colors do not have a sufficient contrast ratio.',
        score: 0,
        scoreDisplayMode: 'binary',
        items: [{ node: { snippet: '<p class="hero">Arlington homes</p>', nodeLabel: 'Arlington homes' } }],
        itemCount: 3,
      },
      {
        id: 'errors-in-console',
        title: 'Browser errors were logged to the console',
        score: 0,
        scoreDisplayMode: 'binary',
        items: [{ description: 'Uncaught TypeError: x is undefined', source: 'exception' }],
      },
      {
        id: 'deprecations',
        title: 'Uses deprecated APIs',
        score: 0,
        scoreDisplayMode: 'binary',
        items: [{ value: 'Synchronous XHR', source: { url: 'https://x/app.js' } }],
      },
      {
        id: 'font-size',
        title: 'Legible',
        score: 0.5,
        scoreDisplayMode: 'binary',
        displayValue: '41% legible text',
        items: [{ selector: '.footer p' }],
      },
      { id: 'doctype', title: 'Has a doctype', score: 1, scoreDisplayMode: 'binary' },
      { id: 'js-libraries', title: 'Libraries', score: null, scoreDisplayMode: 'notApplicable' },
      { id: 'focus-traps', title: 'Focus', score: 0, scoreDisplayMode: 'manual' },
    ]);
    expect(audits.map((a) => a.id)).toEqual(['color-contrast', 'errors-in-console', 'deprecations', 'font-size']);
    expect(audits[0]).toMatchObject({ items: ['<p class="hero">Arlington homes</p>'], itemCount: 3 });
    expect(audits[1]!.items).toEqual(['Uncaught TypeError: x is undefined']);
    expect(audits[2]!.items).toEqual(['Synchronous XHR']);
    expect(audits[3]).toMatchObject({ displayValue: '41% legible text', items: ['.footer p'] });
  });

  it('does not call the browser asking for a missing favicon a JavaScript error', () => {
    const favicon404 = {
      source: 'network',
      description: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
      url: 'https://jane.example/favicon.ico',
    };
    const console = (...items: unknown[]) => ({
      id: 'errors-in-console',
      title: 'Browser errors were logged to the console',
      score: 0,
      scoreDisplayMode: 'binary',
      items,
      itemCount: items.length,
    });
    expect(failedAudits([console(favicon404)])).toEqual([]);
    // A real script error beside it is still reported, and counted alone.
    const [audit] = failedAudits([console(favicon404, { source: 'exception', description: 'Uncaught TypeError: x is undefined' })]);
    expect(audit).toMatchObject({ id: 'errors-in-console', items: ['Uncaught TypeError: x is undefined'], itemCount: 1 });
    // Another missing file is the site's.
    expect(failedAudits([console({ ...favicon404, url: 'https://jane.example/app.js' })])).toHaveLength(1);
  });
});
