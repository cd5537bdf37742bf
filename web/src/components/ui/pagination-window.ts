/** The pagination bar shows a window of 5 page buttons. */
export const PAGINATION_WINDOW = 5;

/** The page numbers to show as buttons: up to `size` consecutive pages, the current one centred where possible. */
export function pageWindow(currentPage: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, currentPage), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
