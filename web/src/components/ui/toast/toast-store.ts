import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastReducer,
  type ToastEvent,
  type ToastOptions,
  type ToastState,
} from './toast-reducer';

// A module-level store, so `toast()` can be called from anywhere (event handlers,
// mutation callbacks) without a React context; components read it via useToast.
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function dispatch(event: ToastEvent): void {
  state = toastReducer(state, event);
  for (const listener of listeners) listener();
}

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(toastId);
    dispatch({ type: 'remove', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(toastId, timer);
}

export function getToastState(): ToastState {
  return state;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes one toast, or all of them without an id; each is dropped from state later. */
export function dismissToast(toastId?: string): void {
  const ids = toastId === undefined ? state.toasts.map((toast) => toast.id) : [toastId];
  ids.forEach(scheduleRemoval);
  dispatch({ type: 'dismiss', toastId });
}

export function toast(options: ToastOptions) {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(lastId);
  dispatch({
    type: 'add',
    toast: {
      ...options,
      id,
      open: true,
      variant: options.variant ?? 'default',
      duration: options.duration ?? TOAST_DEFAULT_DURATION_MS,
    },
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastOptions) => dispatch({ type: 'update', toast: { ...patch, id } }),
  };
}
