// The admin's marketing-audit list: one page of the audits its filter keeps plus totals over all
// of them, and the leads behind that list as a CSV file, with the list's filter or all of them.
import type { RouteApp } from '../../lib/route-app.ts';
import type { Config } from '@curb/contracts/config';
import { formName, readableLeadFields } from '@curb/content';
import { MarketingAuditListSchema, paginate, type MarketingAuditList } from '@curb/contracts/admin';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { FilteredPageQuerySchema, ListFilterSchema, listFilterProblem } from '@curb/contracts/privacy';
import { auditList, leads } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { CsvSchema, csvDownload, csvFile } from '@curb/contracts/csv';

const LEADS_CSV_HEADER = [
  'Received (UTC)',
  'Form',
  'Source',
  'Business',
  'First name',
  'Last name',
  'E-mail',
  'Website',
  'Phone',
  'Other fields',
  'E-mail consent',
  'Communication consent',
  'Audit status',
  'Report',
  'Form id',
];

export default async function adminAuditRoutes(app: RouteApp, opts: { config: Config; stores: Stores }): Promise<void> {
  const { sql } = opts.stores;

  app.get(
    '/api/admin/marketing-audits',
    { schema: { querystring: FilteredPageQuerySchema, response: { 200: MarketingAuditListSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply): Promise<MarketingAuditList> => {
      const { page, limit, ...filter } = request.query;
      const problem = listFilterProblem(filter);
      if (problem) throw new HttpError(400, problem);
      const [t, kept, recent] = await Promise.all([
        auditList.totals(sql),
        auditList.count(sql, filter),
        auditList.page(sql, page, limit, filter),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        recent,
        total: t.total,
        emailsSent: t.emails_sent,
        emailsDelivered: t.emails_delivered,
        emailsInOutbox: t.emails_in_outbox,
        emailsRefused: t.emails_refused,
        reportsViewed: t.reports_viewed,
        reportsReturned: t.reports_returned,
        conversionRate: t.total ? Math.round((t.reports_returned / t.total) * 1000) / 10 : 0,
        pagination: paginate(page, limit, kept),
      };
    },
  );

  app.get(
    '/api/admin/leads.csv',
    { schema: { querystring: ListFilterSchema, response: { 200: CsvSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const problem = listFilterProblem(request.query);
      if (problem) throw new HttpError(400, problem);
      const rows = await leads.exportRows(sql, request.query);
      // A spreadsheet opened later, away from the admin, still needs a link that opens.
      const origin = (opts.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
      // The file's name says whether it holds every lead or the list's filtered ones.
      const filtered = Boolean(request.query.q || request.query.from || request.query.to);
      return reply.headers(csvDownload(filtered ? 'leads-filtered' : 'leads-all')).send(
        csvFile(
          LEADS_CSV_HEADER,
          rows.map((l) => {
            const { phone, ...other } = l.fields;
            return [
              l.created_at,
              formName(l.form_id),
              l.source,
              l.business_name,
              l.first_name,
              l.last_name,
              l.email,
              l.website,
              phone,
              readableLeadFields(other) || null,
              l.email_consent,
              l.communication_consent,
              l.audit_status,
              l.report_id && `${origin}/audit-report/${l.report_id}`,
              l.form_id,
            ];
          }),
        ),
      );
    },
  );
}
