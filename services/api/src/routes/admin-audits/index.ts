// The admin's marketing-audit list: one page of audits plus totals over all of them.
import type { RouteApp } from '../../lib/route-app.ts';
import { MarketingAuditListSchema, PageQuerySchema, paginate, type MarketingAuditList } from '@curb/contracts/admin';
import { auditList } from '@curb/db';
import type { Stores } from '@curb/runtime';

export default async function adminAuditRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  app.get(
    '/api/admin/marketing-audits',
    { schema: { querystring: PageQuerySchema, response: { 200: MarketingAuditListSchema } } },
    async (request, reply): Promise<MarketingAuditList> => {
      const { page, limit } = request.query;
      const [t, recent] = await Promise.all([auditList.totals(sql), auditList.page(sql, page, limit)]);
      reply.header('cache-control', 'no-store');
      return {
        recent,
        total: t.total,
        emailsSent: t.emails_sent,
        emailsDelivered: t.emails_delivered,
        emailsInOutbox: t.emails_in_outbox,
        reportsViewed: t.reports_viewed,
        conversionRate: t.total ? Math.round((t.reports_viewed / t.total) * 1000) / 10 : 0,
        pagination: paginate(page, limit, t.total),
      };
    },
  );
}
