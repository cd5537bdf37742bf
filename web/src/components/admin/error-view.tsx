import styles from './admin-ui.module.css';

/** A dashboard whose data did not load says so and offers Try Again. */
export function ErrorView({
  onRetry,
  message = 'Error loading analytics data',
  detail,
}: {
  onRetry: () => void;
  message?: string;
  detail?: string;
}) {
  return (
    <div className={styles.errorView} role="alert">
      <strong>{message}</strong>
      {detail && <span className={styles.muted}>{detail}</span>}
      <button type="button" className="button" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

export function LoadingView({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className={styles.empty} role="status">
      {label}
    </p>
  );
}
