// Export to PDF: a vector PDF drawn in the browser by @react-pdf/renderer, loaded only when
// the visitor asks for it. Progress 25 -> 50 -> 100, reset a second later (spec section 4).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditReport } from '@curb/contracts/audit';
import { toast } from '@/components/ui/toast/toast-store';
import { exportReady } from '../utils/levels';

export const PROGRESS_RESET_MS = 1000;

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function usePdfExport(report: AuditReport | null | undefined) {
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const exportPdf = useCallback(async () => {
    const readiness = exportReady(report);
    if (readiness === 'missing') {
      toast({ title: 'Export Error', description: 'No report data available for export.', variant: 'destructive' });
      return;
    }
    if (readiness === 'incomplete') {
      toast({
        title: 'Incomplete Data',
        description: 'Some required data is missing. PDF may not display correctly.',
        variant: 'destructive',
      });
      return;
    }
    const data = report!;
    if (!data.recommendations?.length) {
      toast({
        title: 'Limited Recommendations',
        description: 'No detailed recommendations available. PDF will include basic analysis only.',
      });
    }
    clearTimeout(reset.current);
    setBusy(true);
    try {
      setProgress(25);
      const [{ pdf }, { ReportDocument }] = await Promise.all([import('@react-pdf/renderer'), import('@curb/audit/pdf/report-document')]);
      setProgress(50);
      const blob = await pdf(ReportDocument({ report: data, reportUrl: window.location.href }) as Parameters<typeof pdf>[0]).toBlob();
      download(blob, `growth-opportunities-report-${data.businessName.replace(/[^\w-]+/g, '-').toLowerCase() || 'report'}.pdf`);
      setProgress(100);
      toast({ title: 'PDF Export Complete', description: 'Your audit report has been downloaded successfully.' });
    } catch (err) {
      toast({
        title: 'Export Failed',
        description: (err as Error)?.message || 'PDF export failed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      reset.current = setTimeout(() => setProgress(0), PROGRESS_RESET_MS);
    }
  }, [report]);

  return { exportPdf, progress, busy };
}
