// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastRecord, type ToastState } from './toast-reducer';

const record = (id: string): ToastRecord => ({ id, open: true, variant: 'default', duration: 5000, title: id });
const stateOf = (...ids: string[]): ToastState => ({ toasts: ids.map(record) });

describe('toastReducer', () => {
  it('keeps at most one toast: a new one replaces the current one', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer(stateOf('1'), { type: 'add', toast: record('2') });
    expect(state.toasts.map((toast) => toast.id)).toEqual(['2']);
  });

  it('updates only the toast with the given id', () => {
    const state = toastReducer(stateOf('1'), { type: 'update', toast: { id: '1', title: 'Saved' } });
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'Saved', open: true });
    expect(toastReducer(state, { type: 'update', toast: { id: '9', title: 'x' } })).toEqual(state);
  });

  it('dismisses by closing, not removing', () => {
    const state = toastReducer(stateOf('1'), { type: 'dismiss', toastId: '1' });
    expect(state.toasts).toEqual([{ ...record('1'), open: false }]);
  });

  it('dismisses and removes every toast when no id is given', () => {
    const many: ToastState = { toasts: [record('1'), record('2')] };
    expect(toastReducer(many, { type: 'dismiss' }).toasts.every((toast) => !toast.open)).toBe(true);
    expect(toastReducer(many, { type: 'remove' }).toasts).toEqual([]);
  });

  it('removes only the toast with the given id', () => {
    const many: ToastState = { toasts: [record('1'), record('2')] };
    expect(toastReducer(many, { type: 'remove', toastId: '1' }).toasts.map((toast) => toast.id)).toEqual(['2']);
  });
});
