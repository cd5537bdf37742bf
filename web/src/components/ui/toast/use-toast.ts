import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToToasts, toast } from './toast-store';

export function useToast() {
  const { toasts } = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  return { toasts, toast, dismiss: dismissToast };
}
