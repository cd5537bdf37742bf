/** The success view closes itself after 3000 ms. */
export const CONTACT_SUCCESS_CLOSE_MS = 3000;

/** Closes the popup 3 s after its success view shows; answers the function that cancels it (closed or left first). */
export function closeAfterSuccess(close: () => void): () => void {
  const timer = setTimeout(close, CONTACT_SUCCESS_CLOSE_MS);
  return () => clearTimeout(timer);
}
