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
import { funnels } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { Type } from '@sinclair/typebox';

/** A stored config may predate a field: defaults fill it, unknown leftovers are dropped. */
export function completeConfig(stored: unknown): FunnelConfig {
  const base = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? structuredClone(stored) : {};
  const filled = Value.Default(FunnelConfigSchema, Value.Clean(FunnelConfigSchema, base));
  return Value.Check(FunnelConfigSchema, filled) ? filled : (Value.Default(FunnelConfigSchema, {}) as FunnelConfig);
}

const toEdit = (row: funnels.FunnelRow): FunnelEdit => ({
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

export default async function adminFunnelRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { sql } = opts.stores;
  const notFound = { message: 'This funnel does not exist.' };

  app.get(
    '/api/admin/funnels/:id/config',
    { schema: { params: FunnelIdParamsSchema, response: { 200: FunnelEditSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const row = await funnels.findForEdit(sql, request.params.id);
      return row ? toEdit(row) : reply.code(404).send(notFound);
    },
  );

  app.put(
    '/api/admin/funnels/:id/config',
    { schema: { params: FunnelIdParamsSchema, body: FunnelEditSchema, response: { 200: FunnelEditSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const b = request.body;
      const row = await funnels.update(sql, request.params.id, {
        name: b.name.trim(),
        title: b.title.trim(),
        subtitle: b.subtitle.trim(),
        description: b.description.trim(),
        isActive: b.isActive,
        primaryColor: b.primaryColor.toLowerCase(),
        config: b.config,
      });
      return row ? toEdit(row) : reply.code(404).send(notFound);
    },
  );

  app.get('/api/admin/email-templates', { schema: { response: { 200: Type.Array(EmailTemplateSchema) } } }, async () => EMAIL_TEMPLATES);
}
