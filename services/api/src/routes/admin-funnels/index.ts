// The funnel manager's writes: the Edit dialog loads and saves a funnel's fields and its
// configuration (`funnels.config`), every save a version with who, when and what changed, the
// history and the revert to an earlier version; and the e-mail templates. A save is one
// transaction and tells the public site at once (`siteConfig.changed`); other api processes
// follow within SITE_CONFIG_CACHE_MS. The funnel lists and statistics are the analytics
// routes' job.
import type { RouteApp } from '../../lib/route-app.ts';
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema, FieldErrorResponseSchema } from '@curb/contracts/errors';
import {
  changedFields,
  completeConfig,
  EmailPreviewRequestSchema,
  EmailPreviewSchema,
  EmailTemplateSchema,
  funnelEditProblem,
  funnelFieldLabel,
  placeholderProblem,
  TEMPLATE_KEYS,
  type EmailPreviewRequest,
  FunnelEditResponseSchema,
  FunnelSaveSchema,
  type FunnelSave,
  FunnelHistorySchema,
  FunnelIdParamsSchema,
  FunnelRevertSchema,
  type FunnelEdit,
  type FunnelEditResponse,
} from '@curb/contracts/funnel-config';
import { staleSaveMessage } from '@curb/contracts/edit-versions';
import { composeTemplateMail, sampleTemplateValues } from '@curb/content';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { mailOnlyToOutbox, type MailSendJob, TemplateTestQueuedSchema } from '@curb/contracts/mail';
import { funnels } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { startPhaseOnCopyChange } from '../../lib/ab-phases.ts';
import { whoIs } from '../../lib/edit-version.ts';
import { EMAIL_TEMPLATES } from '../../lib/email-templates.ts';

/** Versions the history answers (newest first). */
const HISTORY_LIMIT = 50;

const toEdit = (row: funnels.FunnelRow): FunnelEditResponse => ({
  name: row.name,
  title: row.title,
  subtitle: row.subtitle,
  description: row.description,
  isActive: row.is_active,
  primaryColor: row.primary_color,
  config: completeConfig(row.config),
  version: row.version,
});

/** The edit as stored: texts trimmed, the colour in lower case. */
const normalised = (b: FunnelEdit): FunnelEdit => ({
  name: b.name.trim(),
  title: b.title.trim(),
  subtitle: b.subtitle.trim(),
  description: b.description.trim(),
  isActive: b.isActive,
  primaryColor: b.primaryColor.toLowerCase(),
  config: b.config,
});

export default async function adminFunnelRoutes(app: RouteApp, opts: { stores: Stores; config: Config }): Promise<void> {
  const { sql, jobs } = opts.stores;
  const publicBase = (opts.config.PUBLIC_URL ?? `http://localhost:${opts.config.PORT}`).replace(/\/$/, '');
  const notFound = () => new HttpError(404, 'This funnel does not exist.');
  /** A refusal that names the field as the dialog shows it. */
  const refused = (statusCode: number, problem: { message: string; field?: string }) =>
    new HttpError(statusCode, problem.message, { field: problem.field });
  /** 404 unless the funnel exists. */
  const mustExist = async (id: string) => {
    if (!(await funnels.exists(sql, id))) throw notFound();
  };

  /**
   * Saves `edit` as the funnel's next version, in one transaction with its history row; a save
   * that changes nothing stores nothing. Null when there is no such funnel. With `baseVersion`
   * (the version the editor loaded), a funnel saved by someone else since is refused with 409,
   * naming who and when, so concurrent saves never silently undo each other.
   */
  const saveVersion = async (id: string, edit: FunnelEdit, changedBy: string, revertedTo: number | null, baseVersion?: number) => {
    const saved = await sql.begin(async (tx) => {
      const current = await funnels.lockForEdit(tx, id);
      if (!current) return null;
      if (baseVersion !== undefined && current.version !== baseVersion) {
        const [latest] = await funnels.history(tx, id, 1);
        const stamp = { version: current.version, changedBy: latest?.changed_by ?? null, changedAt: latest?.changed_at ?? null };
        throw new HttpError(409, staleSaveMessage('This funnel was', stamp, baseVersion));
      }
      const changes = changedFields(toEdit(current), edit);
      if (!changes.length && revertedTo === null) return toEdit(current);
      const row = (await funnels.update(tx, id, edit))!;
      await funnels.insertVersion(tx, { funnelId: id, version: row.version, snapshot: edit, changedBy, changes, revertedTo });
      await startPhaseOnCopyChange(tx, {
        funnelId: id,
        funnelName: edit.name,
        before: completeConfig(current.config),
        after: completeConfig(edit.config),
        changedBy,
      });
      return toEdit(row);
    });
    await app.siteConfig.changed();
    return saved;
  };

  app.get(
    '/api/admin/funnels/:id/config',
    { schema: { params: FunnelIdParamsSchema, response: { 200: FunnelEditResponseSchema, '4xx': ErrorResponseSchema } } },
    async (request) => {
      const row = await funnels.findForEdit(sql, request.params.id);
      if (!row) throw notFound();
      return toEdit(row);
    },
  );

  app.put(
    '/api/admin/funnels/:id/config',
    {
      // The shape's problem waits for the edit's own: a refusal names the field as the dialog does.
      attachValidation: true,
      schema: {
        params: FunnelIdParamsSchema,
        body: FunnelSaveSchema,
        response: { 200: FunnelEditResponseSchema, 400: FieldErrorResponseSchema, '4xx': ErrorResponseSchema },
      },
    },
    async (request) => {
      if (request.validationError && request.validationError.validationContext !== 'body') {
        throw new HttpError(400, request.validationError.message);
      }
      // The edit is checked as the dialog names its fields; the version it was made on beside it.
      const { baseVersion, ...edit } = (request.body ?? {}) as Partial<FunnelSave>;
      const problem = funnelEditProblem(edit) ?? (request.validationError ? { message: request.validationError.message } : null);
      if (problem || baseVersion === undefined) throw refused(400, problem ?? { message: 'baseVersion is required.' });
      const saved = await saveVersion(request.params.id, normalised(edit as FunnelEdit), await whoIs(sql, request), null, baseVersion);
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.get(
    '/api/admin/funnels/:id/history',
    { schema: { params: FunnelIdParamsSchema, response: { 200: FunnelHistorySchema, '4xx': ErrorResponseSchema } } },
    async (request) => {
      await mustExist(request.params.id);
      const rows = await funnels.history(sql, request.params.id, HISTORY_LIMIT);
      return rows.map((r) => ({
        version: r.version,
        changedAt: r.changed_at.toISOString(),
        changedBy: r.changed_by,
        changes: r.changes,
        revertedTo: r.reverted_to,
      }));
    },
  );

  app.post(
    '/api/admin/funnels/:id/revert',
    {
      schema: {
        params: FunnelIdParamsSchema,
        body: FunnelRevertSchema,
        response: { 200: FunnelEditResponseSchema, '4xx': FieldErrorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version } = request.body;
      const snapshot = await funnels.versionSnapshot(sql, id, version);
      if (snapshot === undefined) throw refused(404, { message: `This funnel has no version ${version}.`, field: 'version' });
      const stored = snapshot as Partial<FunnelEdit>;
      const edit = normalised({ ...(stored as FunnelEdit), config: completeConfig(stored.config) });
      // A version saved before a rule existed may break it now: it is not restored half-way.
      const problem = funnelEditProblem(edit);
      if (problem) throw refused(409, { message: `Version ${version} cannot be restored: ${problem.message}`, field: problem.field });
      const saved = await saveVersion(id, edit, await whoIs(sql, request), version);
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.get('/api/admin/email-templates', { schema: { response: { 200: Type.Array(EmailTemplateSchema) } } }, async () => EMAIL_TEMPLATES);

  /** A template's problem (an unknown placeholder), named as the dialog shows it. */
  const templateProblem = (t: EmailPreviewRequest) => {
    const key = Object.entries(TEMPLATE_KEYS).find(([, type]) => type === t.type)![0];
    for (const part of ['subject', 'body'] as const) {
      const problem = placeholderProblem(t.type, t[part]);
      const field = `config.emailTemplates.${key}.${part}`;
      if (problem) return { field, message: `${funnelFieldLabel(field)}: ${problem}.` };
    }
    return null;
  };

  // The template as a lead would get it, filled with sample values (the draft in the dialog, saved or not).
  app.post(
    '/api/admin/funnels/:id/email-preview',
    {
      schema: {
        params: FunnelIdParamsSchema,
        body: EmailPreviewRequestSchema,
        response: { 200: EmailPreviewSchema, '4xx': FieldErrorResponseSchema },
      },
    },
    async (request) => {
      await mustExist(request.params.id);
      const problem = templateProblem(request.body);
      if (problem) throw refused(400, problem);
      const { type, subject, body } = request.body;
      const { profile } = await app.siteContent.get();
      const mail = composeTemplateMail({
        type,
        subject,
        body,
        values: sampleTemplateValues(publicBase),
        unsubscribeUrl: `${publicBase}/api/unsubscribe/…`,
        footer: type === 'notification' && body ? ['Download it as a PDF: (the report’s PDF link; the PDF is attached)'] : [],
        ownerName: profile.name,
        linkColour: profile.brandColour,
      });
      return { to: sampleTemplateValues(publicBase).email!, ...mail };
    },
  );

  // "Send test to me": the template with sample values, to the signed-in owner, through the mail transports (the worker's job).
  app.post(
    '/api/admin/funnels/:id/email-test',
    {
      schema: {
        params: FunnelIdParamsSchema,
        body: EmailPreviewRequestSchema,
        response: { 202: TemplateTestQueuedSchema, '4xx': FieldErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await mustExist(request.params.id);
      const problem = templateProblem(request.body);
      if (problem) throw refused(400, problem);
      const to = await whoIs(sql, request);
      if (!to.includes('@')) throw new HttpError(409, 'Your account has no e-mail address to send the test to.');
      const job: MailSendJob = { kind: 'template-test', to, ...request.body };
      await jobs.send(JOB_QUEUES.mailSend, job, { retryLimit: 2, retryDelay: 30 });
      return reply.code(202).send({ to, outboxOnly: mailOnlyToOutbox(opts.config) });
    },
  );
}
