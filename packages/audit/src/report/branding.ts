// The report shows the site's logo and favicon, but the product's pages load no image from
// elsewhere (CSP): both are fetched once, through the guarded fetcher, and embedded as data
// URLs. Anything that is not a small image is dropped (the page shows a placeholder).
import type { AuditReport } from '@curb/contracts/audit';
import { GuardedFetcher, type FetchPolicy } from '../net/guarded-fetch.ts';

const MAX_BYTES = 200 * 1024;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|x-icon|vnd\.microsoft\.icon|svg\+xml)$/;

async function embed(fetcher: GuardedFetcher, url: string | undefined): Promise<string | undefined> {
  if (!url || url.startsWith('data:')) return url?.startsWith('data:image/') ? url : undefined;
  try {
    const res = await fetcher.fetch(url, { accept: ['image/'], timeoutMs: 5000 });
    if (res.status !== 200 || !res.body || res.truncated || !IMAGE_TYPES.test(res.contentType)) return undefined;
    return `data:${res.contentType};base64,${res.body.toString('base64')}`;
  } catch {
    return undefined;
  }
}

export async function embedBranding(report: AuditReport, policy: Partial<FetchPolicy>): Promise<AuditReport> {
  const branding = report.websiteData.branding;
  if (!branding) return report;
  const fetcher = new GuardedFetcher({ ...policy, maxBytes: MAX_BYTES });
  try {
    const [logoUrl, faviconUrl] = await Promise.all([embed(fetcher, branding.logoUrl), embed(fetcher, branding.faviconUrl)]);
    return {
      ...report,
      websiteData: { ...report.websiteData, branding: { ...(logoUrl ? { logoUrl } : {}), ...(faviconUrl ? { faviconUrl } : {}) } },
    };
  } finally {
    await fetcher.close();
  }
}
