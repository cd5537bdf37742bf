import { Link } from '@tanstack/react-router';
import { reportGeneratedAt, scoreNotes } from '@curb/content';
import { scoreBasisLine, type AuditReport } from '@curb/contracts/audit';
import { gradeFor } from '@curb/contracts/grades';
import { embeddedImage } from '../utils/levels';
import styles from './audit-report.module.css';
import { ScoreDial } from './score-dial';

/** Branding from the site (embedded at audit time), else a placeholder house icon. */
function BrandMark({ report }: { report: AuditReport }) {
  const src = embeddedImage(report.websiteData.branding?.logoUrl) ?? embeddedImage(report.websiteData.branding?.faviconUrl);
  return (
    <div className={styles.brand} data-testid="report-brand">
      {src ? (
        <img src={src} alt={`${report.websiteData.companyName} logo`} />
      ) : (
        <svg
          viewBox="0 0 24 24"
          width="32"
          height="32"
          aria-label="No logo found"
          role="img"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M3 11 12 4l9 7" />
          <path d="M5 10v10h14V10" />
          <path d="M10 20v-6h4v6" />
        </svg>
      )}
    </div>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function ReportHeader({
  report,
  timeZone,
  onExport,
  exportProgress,
  exporting,
}: {
  report: AuditReport;
  /** The owner's: the date reads as in the PDF, whatever the reader's zone. */
  timeZone: string;
  onExport: () => void;
  exportProgress: number;
  exporting: boolean;
}) {
  const grade = gradeFor(report.scores.overall);
  const basis = scoreBasisLine(report.basis);
  return (
    <header className={`${styles.card} ${styles.header}`}>
      <BrandMark report={report} />
      <div>
        <h1 className={styles.businessName} data-testid="report-business-name">
          {report.businessName}
        </h1>
        <a className={styles.website} href={report.website} target="_blank" rel="noopener noreferrer nofollow">
          {report.website}
        </a>
        <p className={styles.generated}>Generated {reportGeneratedAt(report.generatedAt, timeZone)}</p>
        <p className={styles.generated} data-testid="score-note">
          {scoreNotes.marketing}
        </p>
        {report.notMeasured && (
          <p className={styles.generated} role="note" data-testid="not-measured-note">
            {report.notMeasured.summary}
            {basis ? ` The overall score is ${lowerFirst(basis)}.` : ''}
          </p>
        )}
      </div>
      <div className={styles.headerSide}>
        <ScoreDial score={report.scores.overall} label="Overall" size="lg" caption={`Grade ${grade.grade} · ${grade.label}`} />
        <div className={styles.exportBox}>
          <button type="button" className="button" onClick={onExport} disabled={exporting} data-testid="export-pdf">
            {exporting ? 'Exporting…' : 'Export to PDF'}
          </button>
          <div
            className={`${styles.progress} ${styles.exportProgress}`}
            role="progressbar"
            aria-label="PDF export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={exportProgress}
            data-testid="export-progress"
          >
            <div className={styles.progressBar} style={{ width: `${exportProgress}%` }} />
          </div>
          <Link
            to="/advanced-seo-audit"
            search={{ url: report.website }}
            className="button button-outline"
            data-testid="advanced-audit-link"
          >
            Run the advanced SEO audit
          </Link>
        </div>
      </div>
    </header>
  );
}
