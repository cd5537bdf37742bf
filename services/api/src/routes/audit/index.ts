// Public audit endpoints: the report (pending / ready / failed) and its PDF, the e-mail open
// pixel, the quick company lookup and the advanced SEO audit.
import { rateLimit, WORK_QUEUE_LIMITS } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import {
  advancedResultOf,
  analyseSite,
  checkTarget,
  FetchError,
  normaliseWebsite,
  parseWebsite,
  quickLookupOf,
  type AnalyseOptions,
} from '@curb/audit';
import { ADVANCED_AUDIT_SILENCE_MS, ADVANCED_LAB_BUDGET, QUICK_LOOKUP_LAB_BUDGET } from '@curb/audit/lab/budget';
import { siteLabCache } from '@curb/audit/lab/cache';
import { pdfRenderPool } from '@curb/audit/pdf/render-pool';
import { ownerHeadshot, reportSender, senderKey } from '@curb/audit/pdf/sender';
import {
  AdvancedAuditRequestSchema,
  QuickLookupRequestSchema,
  REPORT_ID_PATTERN,
  ReportParamsSchema,
  type AdvancedAuditResult,
  type AuditReportResponse,
  type QuickLookupResult,
} from '@curb/contracts/audit';
import type { Config } from '@curb/contracts/config';
import { OPEN_TOKEN_PATTERN, OpenTokenParamsSchema } from '@curb/contracts/mail';
import { DEFAULT_TIME_ZONE } from '@curb/contracts/stats';
import { auditMail, audits } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { WorkQueue } from '@curb/runtime/work-queue';
import { appendAuditEvent } from './events.ts';
import { LookupCache } from './lookup-cache.ts';
import { NOINDEX } from '../../lib/page-policy.ts';

export interface AuditRoutesOptions {
  config: Config;
  stores: Stores;
  /** The report PDFs kept in memory, shared with the erasure of a person (a cache of its own when absent). */
  pdfs?: ReportPdfCache;
  /** Test overrides of the analysis (deadlines, lab mode). */
  analyse?: Partial<AnalyseOptions>;
}

const REPORT_ID = new RegExp(REPORT_ID_PATTERN);
const OPEN_TOKEN = new RegExp(OPEN_TOKEN_PATTERN);
/** 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NOT_FOUND = 'Report not found';
/** A view this long after the report was ready is the lead coming back: a conversion. */
const CONVERSION_AFTER = '60 seconds';
/** Report PDFs kept in memory (a few hundred KB each). */
const PDF_CACHE_ENTRIES = 32;
/** Sitemap addresses the advanced audit asks for a 200 (HEAD requests, six at a time). */
const SITEMAP_CHECK_LIMIT = 50;
const STALE_REASON = 'The analysis did not finish. Please request a new audit.';

/** Report PDFs kept in memory, keyed by report id first, so a person's erasure can drop theirs. */
export class ReportPdfCache extends LookupCache<Buffer> {
  constructor() {
    super(PDF_CACHE_ENTRIES, 24 * 60 * 60_000);
  }

  static key(reportId: string, reportUrl: string, generatedAt: string): string {
    return `${reportId}|${reportUrl}|${generatedAt}`;
  }

  /** Drops the PDFs of these reports; how many were kept. */
  forget(reportIds: readonly string[]): number {
    const ids = new Set(reportIds);
    return this.deleteWhere((key) => ids.has(key.slice(0, key.indexOf('|'))));
  }
}

/** A site that cannot be analysed is the visitor's input, not our failure: a 4xx with why. */
function siteError(err: unknown, invalidMessage: string): never {
  if (err instanceof FetchError) {
    if (err.code === 'invalid-url')
      throw new HttpError(
        err.message.startsWith('Please enter') ? 400 : 422,
        err.message.startsWith('Please enter') ? invalidMessage : err.message,
      );
    if (err.code === 'blocked-address')
      throw new HttpError(400, 'This address points to a private or reserved network and cannot be audited.');
    throw new HttpError(422, `We could not analyse that website: ${err.message}`);
  }
  throw err;
}

export default async function auditRoutes(app: RouteApp, opts: AuditRoutesOptions): Promise<void> {
  const { config, stores } = opts;
  const { sql } = stores;
  // The report API answers a lead's data too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/audit-report/')) reply.header('x-robots-tag', NOINDEX);
  });
  const base: Pick<AnalyseOptions, 'allowPrivateNetworks' | 'chromePath' | 'labCache'> = {
    allowPrivateNetworks: config.AUDIT_ALLOW_PRIVATE_NETWORKS,
    chromePath: config.CHROME_PATH ?? null,
    // One speed measurement per site per visit, shared with the report's audit in this process.
    labCache: siteLabCache,
  };
  // Results carry a PNG screenshot (a few hundred KB): keep the cache small.
  const lookups = new LookupCache<QuickLookupResult>(100);
  const pdfs = opts.pdfs ?? new ReportPdfCache();
  const pdfQueue = new WorkQueue({
    ...WORK_QUEUE_LIMITS.reportPdf,
    busyMessage: 'Many reports are being prepared right now. Please try again in a few seconds.',
  });
  const lookupQueue = new WorkQueue({
    ...WORK_QUEUE_LIMITS.quickLookup,
    busyMessage: 'Many websites are being looked up right now. Please try again in a few seconds.',
  });
  const { perClient, ...advancedLine } = WORK_QUEUE_LIMITS.advancedAudit;
  const advancedQueue = new WorkQueue({
    ...advancedLine,
    busyMessage: 'Several audits are running right now. Please try again in a minute.',
    perKey: { max: perClient, message: 'An audit you asked for is still running. Please wait for it to finish.' },
  });

  const findReport = async (reportId: string): Promise<audits.ReportRow | null> => {
    if (!REPORT_ID.test(reportId)) return null;
    return (await audits.findByReportId(sql, reportId)) ?? null;
  };

  app.get(
    '/api/audit-report/:reportId',
    { schema: { params: ReportParamsSchema }, config: { rateLimit: rateLimit('reportView') } },
    async (request, reply): Promise<AuditReportResponse> => {
      const row = await findReport(request.params.reportId);
      reply.header('cache-control', 'no-store');
      if (!row) throw new HttpError(404, NOT_FOUND);
      if (row.status === 'failed')
        return { status: 'failed', error: row.error ?? 'The analysis failed.', businessName: row.business_name, website: row.website };
      if (row.status !== 'done' || !row.report) {
        // A job lost for good (worker gone through every retry) must not leave the page
        // waiting forever: after an hour the audit counts as failed.
        const staleError = await audits.failIfStale(sql, row.id, STALE_REASON);
        if (staleError !== undefined) return { status: 'failed', error: staleError, businessName: row.business_name, website: row.website };
        return {
          status: 'pending',
          progress: row.status === 'queued' ? Math.max(2, row.progress) : row.progress,
          stage: row.stage || 'Waiting to start',
          businessName: row.business_name,
        };
      }
      // The owner previewing a report from the admin is not the lead viewing it.
      if (!request.adminId?.()) {
        // Seen as the redirect after submitting (within a minute of the report being ready) it
        // is a view; coming back later is a conversion (docs/decisions/).
        await audits.recordReportView(sql, row.id, CONVERSION_AFTER);
        await appendAuditEvent(sql, request.log, 'report_view', { id: row.id, email: row.email, reportId: row.report_id });
      }
      const { time_zone } = await app.siteSettings.get('traffic');
      return { status: 'ready', report: row.report, timeZone: time_zone ?? DEFAULT_TIME_ZONE };
    },
  );

  app.get(
    '/api/audit-report/:reportId/pdf',
    { schema: { params: ReportParamsSchema }, config: { rateLimit: rateLimit('reportPdf') } },
    async (request, reply) => {
      const row = await findReport(request.params.reportId);
      if (!row) throw new HttpError(404, NOT_FOUND);
      if (row.status !== 'done' || !row.report) throw new HttpError(409, 'The report is not ready yet.');
      const origin = (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
      const reportUrl = `${origin}/audit-report/${encodeURIComponent(row.report_id)}`;
      // The sender on the cover and the last page: the owner's profile and settings.
      const [seo, contact, traffic, { profile }] = await Promise.all([
        app.siteSettings.get('seo'),
        app.siteSettings.get('contact'),
        app.siteSettings.get('traffic'),
        app.siteContent.get(),
      ]);
      const uploaded = await ownerHeadshot(config.DATA_DIR, profile.photo);
      const sender = reportSender({
        seo,
        contact,
        traffic,
        profile,
        publicUrl: origin,
        ...(uploaded ? { headshot: uploaded } : {}),
        ...(config.WEB_DIST ? { webDist: config.WEB_DIST } : {}),
      });
      // A finished report does not change: its PDF is rendered once (off the event loop) and
      // kept for the next downloads (until the owner's contact settings change); concurrent
      // first downloads share that render.
      const pdf = await pdfs.get(ReportPdfCache.key(row.report_id, `${reportUrl}|${senderKey(sender)}`, row.report.generatedAt), () =>
        pdfQueue.run(() => pdfRenderPool().render(row.report!, reportUrl, sender)),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="growth-opportunities-report-${row.report_id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/email/open/:token',
    { schema: { params: OpenTokenParamsSchema }, config: { rateLimit: rateLimit('emailOpen') } },
    async (request, reply) => {
      const token = request.params.token.replace(/\.gif$/, '');
      if (OPEN_TOKEN.test(token)) {
        const row = await auditMail.recordOpen(sql, token);
        if (row) await appendAuditEvent(sql, request.log, 'email_open', { id: row.id, email: row.email, reportId: row.report_id });
      }
      // The same answer for every token: the pixel tells nothing about which ones exist.
      return reply.header('content-type', 'image/gif').header('cache-control', 'no-store, max-age=0').send(PIXEL);
    },
  );

  app.post(
    '/api/quick-company-lookup',
    { schema: { body: QuickLookupRequestSchema }, config: { rateLimit: rateLimit('quickLookup') } },
    async (request): Promise<QuickLookupResult> => {
      const { url, companyName } = request.body;
      if (url?.trim()) {
        const site = parseWebsite(url);
        if (!site) throw new HttpError(400, 'Please enter a valid website URL');
        // Refused addresses and unknown domains cost a DNS lookup, not a browser.
        await checkTarget(site.href, { ...base, ...opts.analyse?.policy }).catch((err) =>
          siteError(err, 'Please enter a valid website URL'),
        );
        return lookups
          .get(normaliseWebsite(site), () =>
            lookupQueue.run(async () =>
              quickLookupOf(await analyseSite(site.href, { ...base, lab: 'screenshot', ...QUICK_LOOKUP_LAB_BUDGET, ...opts.analyse })),
            ),
          )
          .catch((err) => siteError(err, 'Please enter a valid website URL'));
      }
      const name = companyName?.trim();
      if (!name) throw new HttpError(400, 'Please enter a website URL or a company name.');
      // No business directory is consulted: a name alone yields only the name.
      return {
        companyName: name.replace(/\s+/g, ' '),
        businessType: null,
        location: null,
        phone: null,
        logo: null,
        favicon: null,
        website: null,
        seoScore: null,
        lighthousePowered: false,
        hasAnalytics: null,
        mobileOptimized: null,
        loadTime: null,
        coreWebVitals: null,
        seoIssues: [],
        screenshot: null,
        enrichmentMethod: 'company-lookup',
      };
    },
  );

  app.post(
    '/api/advanced-seo-audit',
    { schema: { body: AdvancedAuditRequestSchema }, config: { rateLimit: rateLimit('advancedAudit') } },
    async (request): Promise<AdvancedAuditResult> => {
      const raw = request.body.url?.trim();
      if (!raw) throw new HttpError(400, 'URL is required');
      const site = parseWebsite(raw);
      if (!site) throw new HttpError(400, 'Please enter a valid URL');
      await checkTarget(site.href, { ...base, ...opts.analyse?.policy }).catch((err) => siteError(err, 'Please enter a valid URL'));
      // A queued browser test makes this answer take longer than the server's idle limit.
      request.raw.setTimeout?.(ADVANCED_AUDIT_SILENCE_MS);
      // Fetching and crawling (8 s per request, 10 s of crawling) run alongside the browser
      // test, which waits its turn behind another audit's and then has its own budget; a
      // test it cannot finish is reported "not measured", never passed.
      const analysis = await advancedQueue
        .run(
          () =>
            analyseSite(site.href, {
              ...base,
              maxPages: config.AUDIT_MAX_PAGES,
              lab: 'lighthouse',
              ...ADVANCED_LAB_BUDGET,
              policy: { timeoutMs: 8000 },
              fetch: { crawlBudgetMs: 10_000, linkCheckLimit: 40, sitemapCheckLimit: SITEMAP_CHECK_LIMIT, concurrency: 6 },
              ...opts.analyse,
            }),
          request.ip,
        )
        .catch((err) => siteError(err, 'Please enter a valid URL'));
      return advancedResultOf(analysis);
    },
  );
}
