// The admin's marketing-audit list: one page of audits plus totals over all of them.
import type { RouteApp } from '../../lib/route-app.ts';
import {
  MarketingAuditListSchema,
  PageQuerySchema,
  paginate,
  type MarketingAuditList,
  type MarketingAuditRecord,
} from '@curb/contracts/admin';
import type { Stores } from '@curb/runtime';

interface Totals {
  total: number;
  emails_sent: number;
  emails_delivered: number;
  reports_viewed: number;
}

export default async function adminAuditRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  app.get(
    '/api/admin/marketing-audits',
    { schema: { querystring: PageQuerySchema, response: { 200: MarketingAuditListSchema } } },
    async (request, reply): Promise<MarketingAuditList> => {
      const { page, limit } = request.query;
      const [[totals], recent] = await Promise.all([
        sql<Totals[]>`
          SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE email_sent)::int AS emails_sent,
                 count(*) FILTER (WHERE email_delivered)::int AS emails_delivered,
                 count(*) FILTER (WHERE report_converted_at IS NOT NULL)::int AS reports_viewed
          FROM audits`,
        sql<MarketingAuditRecord[]>`
          SELECT id, business_name AS "businessName", email, NULLIF(website, '') AS website, source,
                 report_id AS "reportId", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 email_sent AS "emailSent", email_delivered AS "emailDelivered", email_opened AS "emailOpened",
                 report_converted_at IS NOT NULL AS "reportViewed", report_view_count AS "reportViewCount", status
          FROM audits
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      ]);
      const t = totals!;
      reply.header('cache-control', 'no-store');
      return {
        recent,
        total: t.total,
        emailsSent: t.emails_sent,
        emailsDelivered: t.emails_delivered,
        reportsViewed: t.reports_viewed,
        conversionRate: t.total ? Math.round((t.reports_viewed / t.total) * 1000) / 10 : 0,
        pagination: paginate(page, limit, t.total),
      };
    },
  );
}
