// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toast-reducer';
import { dismissToast, getToastState, subscribeToToasts, toast } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The store is module-wide: empty it so each test starts clean.
  dismissToast();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('adds an open toast with the default variant and a 5 s duration', () => {
    const { id } = toast({ title: 'Message sent!', description: 'Thank you.' });
    expect(getToastState().toasts).toEqual([
      { id, open: true, variant: 'default', duration: 5000, title: 'Message sent!', description: 'Thank you.' },
    ]);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('shows one toast at a time', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Error', variant: 'destructive' });
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: second.id, variant: 'destructive' })]);
  });

  it('closes a dismissed toast at once and drops it after 1,000,000 ms', () => {
    const { id, dismiss } = toast({ title: 'Saved' });
    dismiss();
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id, open: false })]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toEqual([]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('updates a toast in place and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    const { update } = toast({ title: 'Uploading' });
    update({ title: 'Uploaded' });
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getToastState().toasts[0]).toMatchObject({ title: 'Uploaded', open: true });
  });
});
