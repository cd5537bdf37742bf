// A site typed as a bare domain, as the form's placeholder invites ("yourbusiness.com"), is
// tried over https:// first and, when it has no working HTTPS, over http:// as a browser would:
// the audit reports the missing HTTPS instead of failing.
import { describe, expect, it } from 'vitest';
import { analyseSite } from '@curb/audit/analyse';
import { fetchSite } from '@curb/audit/snapshot';
import { GOOD_HTML } from './checks/good-site.ts';
import { startSite } from './sites.ts';

describe('a site typed without a scheme', () => {
  it('falls back to http:// when the site has no HTTPS, and the audit says so', async () => {
    const site = await startSite({
      '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_HTML),
    });
    try {
      const bare = `127.0.0.1:${site.port}`;
      const snapshot = await fetchSite(bare, { policy: { allowPrivateNetworks: true } });
      expect(snapshot.home.url).toBe(`http://${bare}/`);
      expect(snapshot.home.status).toBe(200);
      const analysis = await analyseSite(bare, { allowPrivateNetworks: true, lab: 'none' });
      expect(analysis.run.findings.map((f) => f.id)).toContain('security.no-https');
      // The stored address carries the https:// the form assumed: the same page, the same finding.
      expect((await fetchSite(`https://${bare}/`, { policy: { allowPrivateNetworks: true } })).home.url).toBe(`http://${bare}/`);
    } finally {
      await site.close();
    }
  }, 30_000);
});
