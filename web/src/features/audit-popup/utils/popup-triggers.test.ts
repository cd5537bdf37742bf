// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal, openModal } from '@/lib/modal-stack';
import { claimPopup, noteFormSent, releasePopup } from '@/lib/popup-manager';
import { createPopupOpener, type SessionFlag, sessionFlag, startAutoTriggers } from './popup-triggers';

/** A stand-in for a native <dialog>: the modal stack only opens, closes and reads `open`. */
function fakeDialog(): HTMLDialogElement {
  const dialog = {
    open: false,
    showModal: () => void (dialog.open = true),
    close: () => void (dialog.open = false),
  };
  return dialog as unknown as HTMLDialogElement;
}

function memoryFlag(): SessionFlag & { value: boolean } {
  const flag = { value: false, isSet: () => flag.value, set: () => void (flag.value = true) };
  return flag;
}

const mouseMove = (clientY: number) => Object.assign(new Event('mousemove'), { clientY });

const stops: Array<() => void> = [];
const start = (open: () => void, target = new EventTarget()) => {
  const stop = startAutoTriggers(open, target);
  stops.push(stop);
  return { stop, target };
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  releasePopup('audit');
  releasePopup('contact');
  vi.useRealTimers();
});

describe('audit popup timing', () => {
  it('opens by itself 25 s after the page starts, not a moment before, and once', () => {
    const open = vi.fn();
    start(open);
    vi.advanceTimersByTime(24_999);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('does not open once stopped (the page left, or the popup was shown)', () => {
    const open = vi.fn();
    const { stop } = start(open);
    vi.advanceTimersByTime(20_000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens on exit intent: the mouse at y <= 10 px after more than 15 moves', () => {
    const open = vi.fn();
    const { target } = start(open);
    for (let i = 0; i < 15; i++) target.dispatchEvent(mouseMove(i === 14 ? 5 : 400));
    expect(open).not.toHaveBeenCalled();
    target.dispatchEvent(mouseMove(11));
    expect(open).not.toHaveBeenCalled();
    target.dispatchEvent(mouseMove(10));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('waits while another dialog is open at 25 s, and shows as soon as it closes', () => {
    const onOpen = vi.fn();
    const flag = memoryFlag();
    const opener = createPopupOpener('audit', onOpen, flag);
    const viewer = fakeDialog();
    openModal(viewer);
    start(() => opener.show('auto'));

    vi.advanceTimersByTime(25_000);
    expect(onOpen).not.toHaveBeenCalled();
    expect(flag.value).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(onOpen).not.toHaveBeenCalled();

    closeModal(viewer);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(flag.value).toBe(true);
  });

  it('shows at 25 s when no dialog is open, and not again in the same session', () => {
    const onOpen = vi.fn();
    const flag = memoryFlag();
    const opener = createPopupOpener('audit', onOpen, flag);
    start(() => opener.show('auto'));
    vi.advanceTimersByTime(25_000);
    expect(onOpen).toHaveBeenCalledTimes(1);

    // A later page in the same session: the automatic triggers do nothing, a page request still shows.
    start(() => opener.show('auto'));
    vi.advanceTimersByTime(25_000);
    expect(onOpen).toHaveBeenCalledTimes(1);
    opener.show('request');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('gives way to another managed popup, and a cancelled wait never shows', () => {
    const onOpen = vi.fn();
    const opener = createPopupOpener('audit', onOpen, memoryFlag());
    expect(claimPopup('contact')).toBe(true);
    opener.show('request');
    expect(onOpen).not.toHaveBeenCalled();
    releasePopup('contact');

    const viewer = fakeDialog();
    openModal(viewer);
    opener.show('request');
    opener.cancel();
    closeModal(viewer);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('the session flag', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds once the popup was shown, or once the visitor sent a form, so no popup opens by itself over it', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) });
    expect(sessionFlag.isSet()).toBe(false);
    noteFormSent();
    expect(sessionFlag.isSet()).toBe(true);
    stored.clear();
    sessionFlag.set();
    expect(sessionFlag.isSet()).toBe(true);
  });
});
