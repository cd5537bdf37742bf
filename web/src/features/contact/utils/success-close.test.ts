// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAfterSuccess } from './success-close';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('contact popup success view', () => {
  it('closes itself 3 s after it shows, not a moment before, and once', () => {
    const close = vi.fn();
    closeAfterSuccess(close);
    vi.advanceTimersByTime(2_999);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('does not close later when the visitor closed it first', () => {
    const close = vi.fn();
    const cancel = closeAfterSuccess(close);
    vi.advanceTimersByTime(1_000);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(close).not.toHaveBeenCalled();
  });
});
