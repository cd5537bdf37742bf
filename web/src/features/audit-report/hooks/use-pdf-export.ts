// Export to PDF: the server renders the report's PDF (the same document the report e-mail
// links to, rendered once and kept) and the page downloads it. Rendering it in the browser
// needed WebAssembly and a data: connect source that only a direct load of the report page was
// allowed, so a visitor who came from a form could not export (ADR-0143). Progress
// 25 -> 50 -> 100, reset a second later, so a slow download still shows it is moving.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditReport } from '@curb/contracts/audit';
import { toast } from '@/components/ui/toast/toast-store';
import { apiRequest } from '@/lib/api-client';
import { serverMessage } from '@/lib/server-message';
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

export function usePdfExport(report: AuditReport | null | undefined, reportId: string) {
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
      const response = await apiRequest('GET', `/api/audit-report/${encodeURIComponent(reportId)}/pdf`);
      setProgress(50);
      const blob = await response.blob();
      download(blob, `growth-opportunities-report-${data.businessName.replace(/[^\w-]+/g, '-').toLowerCase() || 'report'}.pdf`);
      setProgress(100);
      toast({ title: 'PDF Export Complete', description: 'Your audit report has been downloaded successfully.' });
    } catch (err) {
      toast({
        title: 'Export Failed',
        description: serverMessage(err) ?? 'PDF export failed. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      reset.current = setTimeout(() => setProgress(0), PROGRESS_RESET_MS);
    }
  }, [report, reportId]);

  return { exportPdf, progress, busy };
}
