// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gradeFor } from '@curb/contracts/grades';
import {
  clsTone,
  dialLevel,
  embeddedImage,
  exportReady,
  fidTone,
  lcpTone,
  loadTimeTone,
  mostUsedWords,
  overviewLoadTone,
  scoreTone,
  tbtTone,
} from './levels';

describe('report thresholds (spec section 9)', () => {
  it('maps dial levels and grades', () => {
    expect([95, 90, 85, 80, 75, 70, 65, 60, 59].map(dialLevel)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'average',
      'average',
      'needs-work',
      'needs-work',
      'critical',
    ]);
    expect([90, 80, 70, 60, 10].map((s) => `${gradeFor(s).grade} ${gradeFor(s).label}`)).toEqual([
      'A+ Excellent',
      'A Great',
      'B Good',
      'C Fair',
      'D Needs Improvement',
    ]);
  });

  it('colours percentages, load time and Core Web Vitals', () => {
    expect([80, 79, 60, 59].map(scoreTone)).toEqual(['green', 'amber', 'amber', 'red']);
    expect([3, 3.1, 5, 5.1].map(loadTimeTone)).toEqual(['green', 'amber', 'amber', 'red']);
    expect([3, 3.1].map(overviewLoadTone)).toEqual(['green', 'red']);
    expect([2499, 2500, 3999, 4000].map(lcpTone)).toEqual(['green', 'amber', 'amber', 'red']);
    expect([99, 100, 299, 300].map(fidTone)).toEqual(['green', 'amber', 'amber', 'red']);
    expect([0.09, 0.1, 0.24, 0.25].map(clsTone)).toEqual(['green', 'amber', 'amber', 'red']);
  });

  it('checks export readiness', () => {
    expect(exportReady(null)).toBe('missing');
    expect(exportReady({ businessName: '' } as never)).toBe('incomplete');
  });

  it('lists the most used words most used first, whatever order the stored object has', () => {
    // jsonb returns object keys shortest first.
    const stored = { sale: 1.2, homes: 3.5, arlington: 2.1, alexandria: 3.5 };
    expect(mostUsedWords(stored)).toEqual([
      ['alexandria', 3.5],
      ['homes', 3.5],
      ['arlington', 2.1],
      ['sale', 1.2],
    ]);
    expect(mostUsedWords(undefined)).toEqual([]);
  });

  it("colours INP's lab stand-in (Total Blocking Time) with Lighthouse's thresholds", () => {
    expect([199, 200, 599, 600].map(tbtTone)).toEqual(['green', 'amber', 'amber', 'red']);
  });

  it('shows only embedded images', () => {
    expect(embeddedImage('https://evil.example/x.png')).toBeUndefined();
    expect(embeddedImage('data:text/html;base64,PHNjcmlwdD4=')).toBeUndefined();
    expect(embeddedImage('data:image/png;base64,iVBOR')).toBe('data:image/png;base64,iVBOR');
  });
});
