// The funnel manager's writes: the Edit dialog loads and saves a funnel's fields and its
// configuration (`funnels.config`), and the fixed list of e-mail template types. The
// funnel lists and statistics are the analytics routes' job.
import type { RouteApp } from '../../lib/route-app.ts';
import { Value } from '@sinclair/typebox/value';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  EmailTemplateSchema,
  FunnelConfigSchema,
  FunnelEditSchema,
  FunnelIdParamsSchema,
  type EmailTemplate,
  type FunnelConfig,
  type FunnelEdit,
} from '@curb/contracts/funnel-config';
import type { Sql } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { Type } from '@sinclair/typebox';

interface FunnelRow {
  name: string;
  title: string;
  subtitle: string;
  description: string;
  is_active: boolean;
  primary_color: string;
  config: unknown;
}

/** A stored config may predate a field: defaults fill it, unknown leftovers are dropped. */
export function completeConfig(stored: unknown): FunnelConfig {
  const base = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? structuredClone(stored) : {};
  const filled = Value.Default(FunnelConfigSchema, Value.Clean(FunnelConfigSchema, base));
  return Value.Check(FunnelConfigSchema, filled) ? filled : (Value.Default(FunnelConfigSchema, {}) as FunnelConfig);
}

const toEdit = (row: FunnelRow): FunnelEdit => ({
  name: row.name,
  title: row.title,
  subtitle: row.subtitle,
  description: row.description,
  isActive: row.is_active,
  primaryColor: row.primary_color,
  config: completeConfig(row.config),
});

const EMAIL_TEMPLATES: EmailTemplate[] = [
  {
    type: 'confirmation',
    name: 'Confirmation',
    description: 'Thanks the visitor right after the form is submitted.',
    subject: 'We received your request',
  },
  {
    type: 'notification',
    name: 'Audit report',
    description: 'Sends the link to the finished marketing audit report.',
    subject: 'Your marketing audit report is ready',
  },
  {
    type: 'follow-up',
    name: 'Follow-up',
    description: 'A later note offering a consultation about the report.',
    subject: 'Questions about your marketing audit?',
  },
];

async function findFunnel(sql: Sql, id: string): Promise<FunnelRow | undefined> {
  const [row] = await sql<
    FunnelRow[]
  >`SELECT name, title, subtitle, description, is_active, primary_color, config FROM funnels WHERE id = ${id}`;
  return row;
}

export default async function adminFunnelRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;
  const notFound = { message: 'This funnel does not exist.' };

  app.get(
    '/api/admin/funnels/:id/config',
    { schema: { params: FunnelIdParamsSchema, response: { 200: FunnelEditSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const row = await findFunnel(sql, request.params.id);
      return row ? toEdit(row) : reply.code(404).send(notFound);
    },
  );

  app.put(
    '/api/admin/funnels/:id/config',
    { schema: { params: FunnelIdParamsSchema, body: FunnelEditSchema, response: { 200: FunnelEditSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const b = request.body;
      const [row] = await sql<FunnelRow[]>`
        UPDATE funnels SET name = ${b.name.trim()}, title = ${b.title.trim()}, subtitle = ${b.subtitle.trim()},
          description = ${b.description.trim()}, is_active = ${b.isActive}, primary_color = ${b.primaryColor.toLowerCase()},
          config = ${sql.json(b.config as never)}
        WHERE id = ${request.params.id}
        RETURNING name, title, subtitle, description, is_active, primary_color, config`;
      return row ? toEdit(row) : reply.code(404).send(notFound);
    },
  );

  app.get('/api/admin/email-templates', { schema: { response: { 200: Type.Array(EmailTemplateSchema) } } }, async () => EMAIL_TEMPLATES);
}
