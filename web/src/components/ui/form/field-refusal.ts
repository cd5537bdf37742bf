// A server refusal that names a field is shown at that field, not in a toast: the person sees
// what to change where they typed it, with focus moved there.
import { serverProblem } from '@/lib/server-message';

const controlSelector = (field: string) => `[data-field="${CSS.escape(field)}"] :is(input, textarea, select)`;

/** How many frames a refused field may take to be drawn (a tab opening, its content loading). */
const FOCUS_FRAMES = 120;

/**
 * Moves focus to the control of a field (the `data-field` of field.tsx) once the page has drawn
 * it: a refusal may first open the tab the field is on, which can take more than one frame on
 * a busy machine, so each frame looks again until the control is there.
 */
export function focusField(root: ParentNode | null | undefined, field: string, frames = FOCUS_FRAMES): void {
  requestAnimationFrame(() => {
    const control = root?.querySelector<HTMLElement>(controlSelector(field));
    if (!control) {
      if (frames > 1) focusField(root, field, frames - 1);
      return;
    }
    control.focus();
    control.scrollIntoView({ block: 'center' });
  });
}

/**
 * When the server's refusal names a field `form` shows, hands its message to `show` (the form's
 * error state) and focuses the field. False otherwise: the form says it in its own place.
 */
export function showAtField(form: ParentNode | null | undefined, error: unknown, show: (field: string, message: string) => void): boolean {
  const { message, field } = serverProblem(error);
  if (!field || !form?.querySelector(controlSelector(field))) return false;
  show(field, message);
  focusField(form, field);
  return true;
}
