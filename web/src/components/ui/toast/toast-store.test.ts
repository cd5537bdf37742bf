// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, dismissToast, toast, useToastStore } from './toast-store';

const toasts = () => useToastStore.getState().toasts;

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
    expect(toasts()).toEqual([{ id, open: true, variant: 'default', duration: 5000, title: 'Message sent!', description: 'Thank you.' }]);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('keeps a duration the toast asks for', () => {
    toast({ title: 'Uploading', duration: Number.POSITIVE_INFINITY });
    expect(toasts()[0]?.duration).toBe(Number.POSITIVE_INFINITY);
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: 'First' });
    const second = toast({ title: 'Error', variant: 'destructive' });
    expect(toasts()).toEqual([expect.objectContaining({ id: second.id, variant: 'destructive' })]);
  });

  it('closes a dismissed toast at once and drops it after 1,000,000 ms', () => {
    const { id, dismiss } = toast({ title: 'Saved' });
    dismiss();
    expect(toasts()).toEqual([expect.objectContaining({ id, open: false })]);

    vi.advanceTimersByTime(999_999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toEqual([]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('dismisses every toast when no id is given', () => {
    toast({ title: 'One' });
    dismissToast();
    expect(toasts().every((t) => !t.open)).toBe(true);
    vi.advanceTimersByTime(1_000_000);
    expect(toasts()).toEqual([]);
  });

  it('updates only its own toast, in place, and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = useToastStore.subscribe(listener);
    const { update } = toast({ title: 'Uploading' });
    update({ title: 'Uploaded' });
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(toasts()[0]).toMatchObject({ title: 'Uploaded', open: true });

    const before = toasts();
    useToastStore.getState().update({ id: 'no-such-toast', title: 'x' });
    expect(toasts()).toEqual(before);
  });

  it('dropping a replaced toast later leaves the new one', () => {
    const first = toast({ title: 'First' });
    first.dismiss();
    first.dismiss();
    const second = toast({ title: 'Second' });
    vi.advanceTimersByTime(1_000_000);
    expect(toasts()).toEqual([expect.objectContaining({ id: second.id, open: true })]);
  });
});
