// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceLookup } from './lookup-debounce';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A field as the hooks use it: each new value cancels the lookup the previous one scheduled. */
function field(lookup: (text: string) => void) {
  let cancel = () => {};
  return (text: string) => {
    cancel();
    cancel = debounceLookup(text, lookup);
  };
}

describe('website lookup debounce', () => {
  it('looks the text up 1.5 s after the last keystroke, not a moment before', () => {
    const lookup = vi.fn();
    debounceLookup('ridge.example', lookup);
    vi.advanceTimersByTime(1_499);
    expect(lookup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(lookup).toHaveBeenCalledExactlyOnceWith('ridge.example');
  });

  it('waits for a pause in typing: keystrokes closer than 1.5 s start one lookup, of the last text', () => {
    const lookup = vi.fn();
    const type = field(lookup);
    for (const text of ['r', 'ri', 'ri.', 'ri.e', 'ri.ex']) {
      type(text);
      vi.advanceTimersByTime(1_499);
    }
    expect(lookup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(lookup).toHaveBeenCalledExactlyOnceWith('ri.ex');
  });

  it('never looks up text without a dot', () => {
    const lookup = vi.fn();
    debounceLookup('ridgerealty', lookup);
    vi.advanceTimersByTime(60_000);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('drops a scheduled lookup when cancelled', () => {
    const lookup = vi.fn();
    const cancel = debounceLookup('ridge.example', lookup);
    vi.advanceTimersByTime(1_000);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(lookup).not.toHaveBeenCalled();
  });
});
