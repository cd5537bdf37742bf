// The owner's "Data & privacy" page: erase a person by e-mail address, download
// everything held about one (an access request), the record of erasures, and the contact
// messages with their CSV export. Admin-only by path (auth plugin); the addresses travel in
// request bodies, never in a URL that a log or a browser history would keep.
import type { RouteApp } from '../../lib/route-app.ts';
import { paginate } from '@curb/contracts/admin';
import type { Config } from '@curb/contracts/config';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  AccessExportSchema,
  ContactMessageListSchema,
  ERASURE_LOG_LIMIT,
  ErasureLogSchema,
  ErasureRecordSchema,
  FilteredPageQuerySchema,
  ListFilterSchema,
  listFilterProblem,
  PersonRequestSchema,
  type ContactMessageList,
} from '@curb/contracts/privacy';
import { contactMessages, erasures } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { CsvSchema, csvDownload, csvFile } from '@curb/contracts/csv';
import { erasePerson, exportPerson, type PersonalDataDeps } from '../../lib/personal-data.ts';
import type { ReportPdfCache } from '../audit/index.ts';

export interface AdminPrivacyOptions {
  config: Config;
  stores: Stores;
  reportPdfs: ReportPdfCache;
  /** Tests: how long an erasure waits for the collector to flush the person's spooled events. */
  spoolWaitMs?: number;
}

const CONTACT_CSV_HEADER = ['Received (UTC)', 'Name', 'E-mail', 'Subject', 'Message', 'Source'];

export default async function adminPrivacyRoutes(app: RouteApp, opts: AdminPrivacyOptions): Promise<void> {
  const { sql } = opts.stores;
  const deps: PersonalDataDeps = {
    config: opts.config,
    stores: opts.stores,
    reportPdfs: opts.reportPdfs,
    ...(opts.spoolWaitMs !== undefined && { spoolWaitMs: opts.spoolWaitMs }),
  };

  app.post(
    '/api/admin/erasure',
    {
      schema: { body: PersonRequestSchema, response: { 200: ErasureRecordSchema, '4xx': ErrorResponseSchema, 503: ErrorResponseSchema } },
    },
    async (request, reply) => {
      const record = await erasePerson(deps, request.body.email, request.adminId() ?? null);
      request.log.info({ erasure: record.id, rows: record.rows }, 'person erased');
      reply.header('cache-control', 'no-store');
      return record;
    },
  );

  app.get('/api/admin/erasures', { schema: { response: { 200: ErasureLogSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { erasures: await erasures.recent(sql, ERASURE_LOG_LIMIT) };
  });

  app.post(
    '/api/admin/access-export',
    { schema: { body: PersonRequestSchema, response: { 200: AccessExportSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const data = await exportPerson(deps, request.body.email);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="personal-data-${data.exportedAt.slice(0, 10)}.json"`)
        .send(data);
    },
  );

  app.get(
    '/api/admin/contact-messages',
    { schema: { querystring: FilteredPageQuerySchema, response: { 200: ContactMessageListSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply): Promise<ContactMessageList> => {
      const { page, limit, ...filter } = request.query;
      const problem = listFilterProblem(filter);
      if (problem) throw new HttpError(400, problem);
      const [total, messages] = await Promise.all([contactMessages.count(sql, filter), contactMessages.page(sql, filter, page, limit)]);
      reply.header('cache-control', 'no-store');
      return { messages, pagination: paginate(page, limit, total) };
    },
  );

  app.get(
    '/api/admin/contact-messages.csv',
    { schema: { querystring: ListFilterSchema, response: { 200: CsvSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const problem = listFilterProblem(request.query);
      if (problem) throw new HttpError(400, problem);
      const rows = await contactMessages.exportRows(sql, request.query);
      return reply.headers(csvDownload('contact-messages')).send(
        csvFile(
          CONTACT_CSV_HEADER,
          rows.map((m) => [m.created_at, m.name, m.email, m.subject, m.message, m.source]),
        ),
      );
    },
  );
}
