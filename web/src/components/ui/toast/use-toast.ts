import { dismissToast, toast, useToastStore } from './toast-store';

export function useToast() {
  const toasts = useToastStore((state) => state.toasts);
  return { toasts, toast, dismiss: dismissToast };
}
