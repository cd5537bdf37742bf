// GET /api/audit-report/:reportId. A 404 is its own outcome (the "Report Not Found" view);
// any other non-OK answer is an error with the API client's "<status>: <text>" wording.
import type { AuditReportResponse } from '@curb/contracts/audit';

export class ReportNotFoundError extends Error {
  override name = 'ReportNotFoundError';
}

export async function getReport(reportId: string, signal?: AbortSignal): Promise<AuditReportResponse> {
  let res: Response;
  try {
    res = await fetch(`/api/audit-report/${encodeURIComponent(reportId)}`, { credentials: 'include', signal });
  } catch {
    throw new Error('Failed to load report');
  }
  if (res.status === 404) throw new ReportNotFoundError('Report not found');
  if (!res.ok) throw new Error(`Failed to fetch report: ${res.status}`);
  return (await res.json()) as AuditReportResponse;
}
