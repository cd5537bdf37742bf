/** Spec: one toast at a time; a new toast replaces the visible one. */
export const TOAST_LIMIT = 1;
/** Spec: a toast closes itself after 5 s unless it asks for another duration. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** Spec: a dismissed toast stays in state this long before it is dropped. */
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

export interface ToastState {
  toasts: ToastRecord[];
}

/** Without a toastId, dismiss and remove apply to every toast. */
export type ToastEvent =
  | { type: 'add'; toast: ToastRecord }
  | { type: 'update'; toast: Partial<ToastRecord> & Pick<ToastRecord, 'id'> }
  | { type: 'dismiss'; toastId?: string }
  | { type: 'remove'; toastId?: string };

const matches = (toast: ToastRecord, toastId: string | undefined) => toastId === undefined || toast.id === toastId;

export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'add':
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: state.toasts.map((toast) => (toast.id === event.toast.id ? { ...toast, ...event.toast } : toast)),
      };
    case 'dismiss':
      return {
        toasts: state.toasts.map((toast) => (matches(toast, event.toastId) ? { ...toast, open: false } : toast)),
      };
    case 'remove':
      return { toasts: state.toasts.filter((toast) => !matches(toast, event.toastId)) };
  }
}
