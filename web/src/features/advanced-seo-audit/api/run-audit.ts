import type { AdvancedAuditResult } from '@curb/contracts/audit';

/** POST /api/advanced-seo-audit; a non-OK answer throws the server's message (or 'Audit failed'). */
export async function runAdvancedAudit(url: string): Promise<AdvancedAuditResult> {
  const res = await fetch('/api/advanced-seo-audit', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : 'Audit failed');
  }
  return (await res.json()) as AdvancedAuditResult;
}
