// The open modal dialogs, in the order they opened. Native modal <dialog>s sit in the
// browser's top layer and make the rest of the page inert, so two things must know about
// them: the toaster (a toast outside the top dialog would render under its backdrop and
// not take clicks) and the managed popups (one at a time: a popup waits until none is open).

const stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** Opens `dialog` as a modal and records it. */
export function openModal(dialog: HTMLDialogElement): void {
  if (!dialog.open) dialog.showModal();
  if (!stack.includes(dialog)) stack.push(dialog);
  notify();
}

/** Closes `dialog` (if still open) and forgets it. */
export function closeModal(dialog: HTMLDialogElement): void {
  if (dialog.open) dialog.close();
  const at = stack.indexOf(dialog);
  if (at !== -1) stack.splice(at, 1);
  notify();
}

/** The dialog on top, or null when none is open. */
export function topModal(): HTMLDialogElement | null {
  return stack.at(-1) ?? null;
}

export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `fn` as soon as no modal is open (at once if none is); answers a cancel function. */
export function whenNoModalOpen(fn: () => void): () => void {
  if (stack.length === 0) {
    fn();
    return () => {};
  }
  const listener = () => {
    if (stack.length > 0) return;
    listeners.delete(listener);
    fn();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}
