import { describe, expect, it } from 'vitest';
import type { AbTestState } from '@curb/contracts/ab-tests';
import { newVisitorsSee, variantLabel } from './test-controls';

const test = (change: Partial<AbTestState>): AbTestState => ({
  testType: 'audit_popup',
  status: 'running',
  weights: { A: 50, B: 50 },
  winner: null,
  variants: ['A', 'B'],
  copy: { A: 'Get Your Free Marketing Audit', B: 'Spring audit, free this week' },
  phase: { number: 1, startedAt: null },
  version: 1,
  changedAt: null,
  changedBy: null,
  history: [],
  ...change,
});

describe('what new visitors see', () => {
  it('names the variant and its text for a paused or rolled-out test', () => {
    expect(newVisitorsSee(test({ status: 'paused' }))).toBe(
      'New visitors see A: “Get Your Free Marketing Audit”, the control; nothing is counted while the test is paused.',
    );
    expect(newVisitorsSee(test({ status: 'rolled-out', winner: 'B', weights: { A: 0, B: 100 } }))).toBe(
      'New visitors see B: “Spring audit, free this week”; the test counts no more visitors.',
    );
  });

  it('gives the split of a running test', () => {
    expect(newVisitorsSee(test({ weights: { A: 70, B: 30 } }))).toBe('New visitors are split 70 % A / 30 % B.');
  });

  it('names a variant without a text of its own by its letter alone', () => {
    expect(variantLabel('B', '')).toBe('B');
    expect(variantLabel('B', 'B')).toBe('B');
    expect(variantLabel('B', 'Free 15-Point Marketing Audit')).toBe('B: “Free 15-Point Marketing Audit”');
  });
});
