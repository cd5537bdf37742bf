// The same site audited three times gets the same scores. Lab figures taken in a browser on a
// shared machine (Lighthouse's performance, LCP, blocking time, load time) and the server's
// response time move from run to run while the site does not; the scores stand on what the
// site's pages are (their weight, their blocking resources, their defects), so they do not move.
import { describe, expect, it } from 'vitest';
import { runChecks } from '@curb/audit/checks/registry';
import type { LabResult, LabRun } from '@curb/audit/lab/types';
import { computeScores } from '@curb/audit/report/scores';
import { contextOf, type Fixture, labWith } from './checks/harness.ts';

/** A middling site: blocking scripts, no compression, a few images without alt or size. */
const MIDDLING: Fixture = {
  replace: [
    [
      '<script defer src="https://jane.idxbroker.com/idx/widgets/12345"></script>',
      '<script src="https://jane.idxbroker.com/idx/widgets/12345"></script>',
    ],
    ['<main>', '<main><img src="/img/a.jpg"><img src="/img/b.jpg"><img src="/img/c.jpg">'],
    [/<meta name="description" content="[^"]*">/, ''],
  ],
  headers: { 'content-encoding': undefined, 'strict-transport-security': undefined },
};

/** One Lighthouse run of the unchanged site, its timing figures as the machine's load made them. */
function run(ttfbMs: number, mobile: Partial<LabRun>, desktop: Partial<LabRun>) {
  const base = labWith();
  const lab: LabResult = { ...base, mobile: { ...base.mobile, ...mobile }, desktop: { ...base.desktop, ...desktop } };
  const ctx = contextOf({ ...MIDDLING, ttfbMs, lab });
  return computeScores(ctx, runChecks(ctx));
}

describe('scores of an unchanged site', () => {
  it('stay the same across runs whose lab timings and server response differ', () => {
    const runs = [
      run(420, { performance: 61, lcpMs: 2300, tbtMs: 180, cls: 0.04, interactiveMs: 4200 }, { performance: 88, interactiveMs: 2700 }),
      run(780, { performance: 49, lcpMs: 2700, tbtMs: 340, cls: 0.06, interactiveMs: 5600 }, { performance: 79, interactiveMs: 3200 }),
      run(1150, { performance: 42, lcpMs: 3100, tbtMs: 520, cls: 0.12, interactiveMs: 7100 }, { performance: 71, interactiveMs: 3900 }),
    ];
    const scoresOf = (s: (typeof runs)[number]) => ({
      overall: s.overall,
      ...Object.fromEntries((['website', 'social', 'seo', 'leadGen', 'content', 'technical'] as const).map((k) => [k, s[k].score])),
    });
    expect(scoresOf(runs[1]!)).toEqual(scoresOf(runs[0]!));
    expect(scoresOf(runs[2]!)).toEqual(scoresOf(runs[0]!));
  });

  it('still move when the site itself changes', () => {
    const lab = labWith();
    const before = contextOf({ ...MIDDLING, lab });
    const heavier = contextOf({
      ...MIDDLING,
      lab,
      replace: [
        ...(MIDDLING.replace ?? []),
        ['</head>', `${'<script src="/js/slider.js"></script>'.repeat(1)}<link rel="stylesheet" href="/builder.css"></head>`],
      ],
      resources: [
        {
          url: 'https://janesmithrealty.com/js/slider.js',
          kind: 'script',
          status: 200,
          bytes: 900_000,
          contentType: 'application/javascript',
          headers: {},
        },
        {
          url: 'https://janesmithrealty.com/builder.css',
          kind: 'stylesheet',
          status: 200,
          bytes: 400_000,
          contentType: 'text/css',
          headers: {},
        },
      ],
    });
    const a = computeScores(before, runChecks(before));
    const b = computeScores(heavier, runChecks(heavier));
    expect(b.technical.score).toBeLessThan(a.technical.score);
    expect(b.overall).toBeLessThanOrEqual(a.overall);
  });
});
