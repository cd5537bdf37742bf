import { Link } from '@tanstack/react-router';
import styles from './audit-report.module.css';

export function LoadingView() {
  return (
    <div className={styles.state} role="status" data-testid="report-loading">
      <div className={styles.spinner} aria-hidden="true" />
      <p>Loading your report…</p>
    </div>
  );
}

/** No report id in the address. */
export function MissingIdView() {
  return (
    <div className={styles.state} data-testid="report-missing">
      <h1>Report Not Found</h1>
      <p>No report was specified.</p>
      <div className={styles.stateActions}>
        <Link to="/" className="button">
          Return to Home
        </Link>
      </div>
    </div>
  );
}

export function NotFoundView() {
  return (
    <div className={styles.state} data-testid="report-not-found">
      <h1>Report Not Found</h1>
      <p>This report may have been deleted or expired. Please check your link or contact support.</p>
      <div className={styles.stateActions}>
        <Link to="/" className="button button-outline">
          Return to Home
        </Link>
        <Link to="/marketing-audit" className="button">
          Request New Audit
        </Link>
      </div>
    </div>
  );
}

export function ErrorView({ message }: { message: string }) {
  return (
    <div className={styles.state} role="alert" data-testid="report-error">
      <h1>Unable to Load Report</h1>
      <p>{message}</p>
      <div className={styles.stateActions}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to="/" className="button button-outline">
          Return to Home
        </Link>
      </div>
    </div>
  );
}

export function PendingView({ businessName, progress, stage }: { businessName: string; progress: number; stage: string }) {
  return (
    <div className={styles.state} role="status" data-testid="report-pending">
      <h1>Preparing your report</h1>
      <p>We are analysing the website of {businessName}. This page updates by itself; the report is also e-mailed to you.</p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className={styles.progressBar} style={{ width: `${progress}%` }} />
      </div>
      <p className={styles.muted} data-testid="report-stage">
        {stage} ({progress}%)
      </p>
    </div>
  );
}

export function FailedView({ businessName, website, error }: { businessName: string; website: string | null; error: string }) {
  return (
    <div className={styles.state} role="alert" data-testid="report-failed">
      <h1>We could not analyse this website</h1>
      <p>
        The audit of {website ?? 'the website'} for {businessName} did not complete.
      </p>
      <p data-testid="report-failure-reason">
        <strong>Reason:</strong> {error}
      </p>
      <div className={styles.stateActions}>
        <Link to="/marketing-audit" className="button">
          Request New Audit
        </Link>
        <Link to="/" className="button button-outline">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
