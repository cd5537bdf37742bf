// Server-side rendering of the report PDF (the e-mail attachment and GET .../pdf).
import { renderToBuffer } from '@react-pdf/renderer';
import type { AuditReport } from '@curb/contracts/audit';
import { ReportDocument } from './report-document.ts';
import type { ReportSender } from './sender.ts';

export async function renderReportPdf(report: AuditReport, reportUrl?: string, sender?: ReportSender): Promise<Buffer> {
  return renderToBuffer(
    ReportDocument({ report, ...(reportUrl ? { reportUrl } : {}), ...(sender ? { sender } : {}) }) as Parameters<typeof renderToBuffer>[0],
  );
}
