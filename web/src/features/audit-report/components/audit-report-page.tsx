// The audit report page: loading, not found, error, pending (with progress), failed, and the
// report itself with its side navigation and three sections.
import { useEffect, useRef, useState } from 'react';
import type { AuditReport } from '@curb/contracts/audit';
import { toast } from '@/components/ui/toast/toast-store';
import { ReportNotFoundError } from '../api/get-report';
import { usePdfExport } from '../hooks/use-pdf-export';
import { useReport } from '../hooks/use-report';
import { reportLooksValid } from '../utils/levels';
import { ActionsSection } from './actions-section';
import { AnalysisSection } from './analysis-section';
import styles from './audit-report.module.css';
import { ReportHeader } from './report-header';
import { ErrorView, FailedView, LoadingView, MissingIdView, NotFoundView, PendingView } from './report-states';
import { ScoresSection } from './scores-section';
import { SideNav, type ReportSection } from './side-nav';

function LoadedReport({ report, reportId, timeZone }: { report: AuditReport; reportId: string; timeZone: string }) {
  const [active, setActive] = useState<ReportSection>('scores');
  const [collapsed, setCollapsed] = useState(false);
  const [pendingAnchor, setPendingAnchor] = useState<string | null>(null);
  const { exportPdf, progress, busy } = usePdfExport(report, reportId);

  useEffect(() => {
    if (!pendingAnchor) return;
    document.getElementById(pendingAnchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    setPendingAnchor(null);
  }, [pendingAnchor, active]);

  return (
    <div className={`container ${styles.page}`} data-testid="audit-report">
      <ReportHeader report={report} timeZone={timeZone} onExport={exportPdf} exportProgress={progress} exporting={busy} />
      <div className={styles.layout} data-collapsed={collapsed} style={{ marginTop: 24 }}>
        <SideNav
          active={active}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          onSelect={(section, anchor) => {
            setActive(section);
            setPendingAnchor(anchor ?? null);
          }}
        />
        <div className={styles.main} data-testid={`section-${active}`}>
          {active === 'scores' && <ScoresSection report={report} />}
          {active === 'analysis' && <AnalysisSection report={report} />}
          {active === 'actions' && <ActionsSection report={report} />}
        </div>
      </div>
    </div>
  );
}

export function AuditReportPage({ reportId }: { reportId: string | undefined }) {
  const query = useReport(reportId);
  const warned = useRef(false);
  const errored = useRef(false);
  const data = query.data;
  const error = query.error;

  useEffect(() => {
    if (data?.status === 'ready' && !warned.current && !reportLooksValid(data.report)) {
      warned.current = true;
      toast({ title: 'Data Quality Warning', description: 'Some report data may be incomplete or invalid.', variant: 'destructive' });
    }
  }, [data]);

  useEffect(() => {
    if (error && !(error instanceof ReportNotFoundError) && !errored.current) {
      errored.current = true;
      toast({ title: 'Error Loading Report', description: error.message || 'Failed to load report', variant: 'destructive' });
    }
  }, [error]);

  if (!reportId) return <MissingIdView />;
  if (error instanceof ReportNotFoundError) return <NotFoundView />;
  if (error) return <ErrorView message={error.message || 'Failed to load report'} />;
  if (!data) return <LoadingView />;
  if (data.status === 'pending') return <PendingView businessName={data.businessName} progress={data.progress} stage={data.stage} />;
  if (data.status === 'failed') return <FailedView businessName={data.businessName} website={data.website} error={data.error} />;
  return <LoadedReport report={data.report} reportId={reportId} timeZone={data.timeZone} />;
}
