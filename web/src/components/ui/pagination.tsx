import { pageWindow } from './pagination-window';
import styles from './pagination.module.css';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Every button is disabled while a page loads. */
  isLoading?: boolean;
  label?: string;
}

/** The reusable pagination bar: previous, a window of 5 page buttons, next. */
export function Pagination({ currentPage, totalPages, onPageChange, isLoading = false, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (page: number) => () => onPageChange(page);
  return (
    <nav aria-label={label} className={styles.bar}>
      <button type="button" className={styles.button} onClick={go(currentPage - 1)} disabled={isLoading || currentPage <= 1}>
        Previous
      </button>
      {pageWindow(currentPage, totalPages).map((page) => (
        <button
          key={page}
          type="button"
          className={styles.button}
          onClick={go(page)}
          disabled={isLoading}
          aria-current={page === currentPage ? 'page' : undefined}
          aria-label={`Page ${page}`}
        >
          {page}
        </button>
      ))}
      <button type="button" className={styles.button} onClick={go(currentPage + 1)} disabled={isLoading || currentPage >= totalPages}>
        Next
      </button>
      <span className={styles.summary}>
        Page {currentPage} of {totalPages}
      </span>
    </nav>
  );
}
