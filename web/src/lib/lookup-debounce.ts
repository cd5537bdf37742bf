/**
 * A website lookup (the lead forms' enrichment, the audit page's company lookup) starts
 * after 1.5 s without typing, and only for text with a dot.
 */
export const LOOKUP_DEBOUNCE_MS = 1500;

/**
 * Runs `lookup(text)` 1.5 s from now when the text has a dot. Answers the function that cancels
 * it: call it on the next keystroke, so only a pause in typing starts a lookup.
 */
export function debounceLookup(text: string, lookup: (text: string) => void): () => void {
  if (!text.includes('.')) return () => {};
  const timer = setTimeout(() => lookup(text), LOOKUP_DEBOUNCE_MS);
  return () => clearTimeout(timer);
}
