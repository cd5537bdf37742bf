// The public forms: POST /api/contact (popup and page shapes), POST /api/lead (lead forms
// by form id) and POST /api/marketing-audit (the inline audit form). The server's validator
// checks each body's shape; every rule a form shows is checked again here with the same words
// (validation.ts); nothing is stored unless all pass.
import { rateLimit as formRateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import type { FastifyReply } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import {
  fieldLabel,
  formDefinitions,
  funnelFormDefinition,
  isFormId,
  marketingAuditForm,
  parseWebsite,
  validationMessages,
} from '@curb/content';
import { FieldErrorResponseSchema } from '@curb/contracts/errors';
import {
  ContactBodySchema,
  ContactResponseSchema,
  LEAD_MESSAGES,
  LeadRequestSchema,
  LeadResponseSchema,
  MarketingAuditRequestSchema,
} from '@curb/contracts/leads';
import { HttpError, type Stores } from '@curb/runtime';
import { unauditableReason, type TargetPolicy } from '../../lib/audit-target.ts';
import { leadFunnel, leadProcess, LANDING_FORM_ID } from './funnel.ts';
import { storeContactMessage, storeLead, type StoredLead } from './store.ts';
import { checkForm, contactFormOf, LEAD_ALWAYS, trimmed } from './validation.ts';

/** Submissions per client address and minute, per route. */
const FORM_RATE_LIMIT = formRateLimit('forms');
/** Form bodies are small; the 1 MB server limit is for other routes. */
const FORM_BODY_LIMIT = 32 * 1024;

const rateLimit = {
  ...FORM_RATE_LIMIT,
  errorResponseBuilder: () => new HttpError(429, LEAD_MESSAGES.tooMany),
};

const routeOptions = <Body extends TSchema, Responses extends Record<number, TSchema>>(body: Body, response: Responses) => ({
  bodyLimit: FORM_BODY_LIMIT,
  config: { rateLimit },
  // A refusal names the field the form shows it at.
  schema: { body, response: { ...response, '4xx': FieldErrorResponseSchema } },
});

/** A form's refusal: its words, as the form shows them. */
const badRequest = (message: string, field?: string) => new HttpError(400, message, field === undefined ? {} : { field });

const answer = (reply: FastifyReply, stored: StoredLead, message: string) =>
  reply.code(stored.created ? 201 : 200).send({ leadId: stored.leadId, reportId: stored.reportId, message });

export interface LeadRoutesOptions {
  stores: Stores;
  /** The address rules a website to audit must pass (AUDIT_ALLOW_PRIVATE_NETWORKS). */
  target: TargetPolicy;
}

export default async function leadRoutes(app: RouteApp, opts: LeadRoutesOptions): Promise<void> {
  const { stores } = opts;
  /** A request that cannot become an audit is refused before a report is promised. */
  const auditProblem = (website: URL | null) =>
    website
      ? unauditableReason(website, opts.target)
      : Promise.resolve(validationMessages.required(fieldLabel(marketingAuditForm, 'website')));

  app.post(
    '/api/contact',
    routeOptions(ContactBodySchema, { 200: ContactResponseSchema, 201: ContactResponseSchema }),
    async (request, reply) => {
      const form = contactFormOf(request.body);
      const isPopup = form !== formDefinitions['contact-form'];
      const body = trimmed(request.body);
      checkForm(form, body, ['name', 'firstName', 'lastName']);

      const stored = await storeContactMessage(stores, {
        name: isPopup ? body.name! : `${body.firstName} ${body.lastName}`,
        email: body.email!,
        subject: body.subject ?? '',
        message: body.message!,
        source: isPopup ? 'contact-popup' : 'contact-form',
        submissionId: body.submissionId ?? null,
      });
      return reply.code(stored.created ? 201 : 200).send({ id: stored.id });
    },
  );

  app.post('/api/lead', routeOptions(LeadRequestSchema, { 200: LeadResponseSchema, 201: LeadResponseSchema }), async (request, reply) => {
    const body = trimmed(request.body);
    const formId = body.formId ?? body.variant;
    if (!formId) throw badRequest(LEAD_MESSAGES.missingForm);
    if (body.formId && body.variant && body.formId !== body.variant && isFormId(body.variant)) {
      throw badRequest(LEAD_MESSAGES.formMismatch);
    }
    if (!isFormId(formId)) throw badRequest(LEAD_MESSAGES.unknownForm(formId));
    // The funnel the form is on: its landing page's form asks for its extra fields.
    const funnel = await leadFunnel(stores, body.funnelId, formDefinitions[formId].requestsAudit);
    const definition =
      funnel && funnel.id === body.funnelId && formId === LANDING_FORM_ID
        ? funnelFormDefinition(formDefinitions[formId], funnel.config.landingPage.fields)
        : formDefinitions[formId];
    const process = leadProcess(funnel, definition.requestsAudit);
    checkForm(definition, body, []);
    checkForm(LEAD_ALWAYS, body, ['businessName', 'firstName', 'lastName']);
    const website = body.website ? parseWebsite(body.website) : null;
    if (process.requestAudit) {
      const unauditable = await auditProblem(website);
      if (unauditable) throw badRequest(unauditable, 'website');
    }

    const personName = [body.firstName, body.lastName].filter(Boolean).join(' ') || null;
    const stored = await storeLead(
      stores,
      {
        formId,
        source: body.source ?? formId,
        // BusinessName falls back to first name plus last name.
        businessName: body.businessName ?? personName,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        // Required by LEAD_ALWAYS above.
        email: body.email!,
        website: website?.toString() ?? null,
        fields: compact({
          phone: body.phone,
          subject: body.subject,
          message: body.message,
          variant: body.variant,
          abVariant: body.abVariant,
          variantId: body.variantId,
          campaignData: body.campaignData,
        }),
        enrichment: body.websiteData ?? null,
        emailConsent: body.emailConsent ?? false,
        communicationConsent: body.communicationConsent ?? false,
        submissionId: body.submissionId ?? null,
        funnelId: funnel?.id ?? null,
      },
      process.requestAudit,
      request.ip,
      { confirmation: process.confirmation },
    );
    return answer(reply, stored, process.requestAudit ? LEAD_MESSAGES.auditRequested : LEAD_MESSAGES.submitted);
  });

  app.post(
    '/api/marketing-audit',
    routeOptions(MarketingAuditRequestSchema, { 200: LeadResponseSchema, 201: LeadResponseSchema }),
    async (request, reply) => {
      const body = trimmed(request.body);
      const businessName = body.businessName ?? body.formData?.businessName?.trim();
      const email = body.email ?? body.formData?.email?.trim();
      const rawWebsite = body.website ?? body.formData?.website?.trim();
      checkForm(marketingAuditForm, { businessName, email, website: rawWebsite, emailConsent: body.emailConsent }, ['businessName']);
      // Checked as the form's website above.
      const website = parseWebsite(rawWebsite!)!;
      const unauditable = await auditProblem(website);
      if (unauditable) throw badRequest(unauditable, 'website');
      // An audit request of the site's own: the free audit funnel's process and e-mails.
      const funnel = await leadFunnel(stores, undefined, true);
      const process = leadProcess(funnel, true);

      const stored = await storeLead(
        stores,
        {
          formId: 'marketing-audit',
          source: body.source ?? 'Inline Audit Form',
          businessName: businessName!,
          firstName: null,
          lastName: null,
          email: email!,
          website: website.toString(),
          fields: {},
          enrichment: null,
          emailConsent: true,
          communicationConsent: body.communicationConsent ?? false,
          submissionId: body.submissionId ?? null,
          funnelId: funnel?.id ?? null,
        },
        process.requestAudit,
        request.ip,
        { confirmation: process.confirmation },
      );
      return answer(reply, stored, process.requestAudit ? LEAD_MESSAGES.auditRequested : LEAD_MESSAGES.submitted);
    },
  );
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}
