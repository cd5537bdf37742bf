import { create } from 'zustand';

/** One toast at a time; a new toast replaces the visible one. */
export const TOAST_LIMIT = 1;
/** A toast closes itself after 5 s unless it asks for another duration. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** A dismissed toast stays in state this long before it is dropped. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  duration?: number;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
  variant: ToastVariant;
  duration: number;
}

interface ToastStore {
  toasts: ToastRecord[];
  add: (toast: ToastRecord) => void;
  update: (patch: Partial<ToastRecord> & Pick<ToastRecord, 'id'>) => void;
  /** Closes one toast, or every toast without an id (it stays in state, closed). */
  close: (toastId?: string) => void;
  /** Drops one toast, or every toast without an id. */
  remove: (toastId?: string) => void;
}

const matches = (toast: ToastRecord, toastId: string | undefined) => toastId === undefined || toast.id === toastId;

/**
 * The toasts, module-wide, so `toast()` can be called from anywhere (event handlers, mutation
 * callbacks) without a React context; components read them with the hook (useToast).
 */
export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  add: (toast) => set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) })),
  update: (patch) => set((state) => ({ toasts: state.toasts.map((toast) => (toast.id === patch.id ? { ...toast, ...patch } : toast)) })),
  close: (toastId) =>
    set((state) => ({ toasts: state.toasts.map((toast) => (matches(toast, toastId) ? { ...toast, open: false } : toast)) })),
  remove: (toastId) => set((state) => ({ toasts: state.toasts.filter((toast) => !matches(toast, toastId)) })),
}));

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(toastId);
    useToastStore.getState().remove(toastId);
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(toastId, timer);
}

/** Closes one toast, or all of them without an id; each is dropped from state later. */
export function dismissToast(toastId?: string): void {
  const { toasts, close } = useToastStore.getState();
  const ids = toastId === undefined ? toasts.map((toast) => toast.id) : [toastId];
  ids.forEach(scheduleRemoval);
  close(toastId);
}

export function toast(options: ToastOptions) {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(lastId);
  useToastStore.getState().add({
    ...options,
    id,
    open: true,
    variant: options.variant ?? 'default',
    duration: options.duration ?? TOAST_DEFAULT_DURATION_MS,
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastOptions) => useToastStore.getState().update({ ...patch, id }),
  };
}
