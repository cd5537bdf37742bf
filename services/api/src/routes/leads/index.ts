// The public forms: POST /api/contact (popup and page shapes), POST /api/lead (lead forms
// by form id) and POST /api/marketing-audit (the inline audit form). Every rule a form
// shows is checked again here with the same words; nothing is stored unless all pass.
import { rateLimit as formRateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import {
  formDefinitions,
  funnelFormDefinition,
  isFormId,
  isValidEmail,
  parseWebsite,
  validateFormValues,
  validationMessages,
  type FormId,
} from '@curb/content';
import { FieldErrorResponseSchema } from '@curb/contracts/errors';
import {
  ContactBodySchema,
  ContactResponseSchema,
  LEAD_MESSAGES,
  LeadRequestSchema,
  LeadResponseSchema,
  MarketingAuditRequestSchema,
  type ContactBody,
} from '@curb/contracts/leads';
import { strictValidatorCompiler } from '@curb/contracts/body-check';
import { HttpError, type Stores } from '@curb/runtime';
import { unauditableReason, type TargetPolicy } from '../../lib/audit-target.ts';
import { leadFunnel, leadProcess, LANDING_FORM_ID } from './funnel.ts';
import { storeContactMessage, storeLead, type StoredLead } from './store.ts';
import { htmlInNames, trimmed } from './validation.ts';

/** Submissions per client address and minute, per route. */
export const FORM_RATE_LIMIT = formRateLimit('forms');
/** Form bodies are small; the 1 MB server limit is for other routes. */
const FORM_BODY_LIMIT = 32 * 1024;

const rateLimit = {
  ...FORM_RATE_LIMIT,
  errorResponseBuilder: () => new HttpError(429, LEAD_MESSAGES.tooMany),
};

const routeOptions = <Body extends TSchema, Responses extends Record<number, TSchema>>(body: Body, response: Responses) => ({
  bodyLimit: FORM_BODY_LIMIT,
  // Wrong types are refused, not coerced; the handler answers the problem in words.
  validatorCompiler: strictValidatorCompiler,
  attachValidation: true,
  config: { rateLimit },
  schema: { body, response: { ...response, '4xx': FieldErrorResponseSchema } },
});

/** A form's refusal: its words, as the form shows them, at the field they are about when there is one. */
const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? { field } : {});

/** The body's shape problem, in words; null when the body has the right shape. */
function schemaProblem(request: FastifyRequest): string | null {
  return request.validationError?.message ?? null;
}

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
    website ? unauditableReason(website, opts.target) : Promise.resolve(validationMessages.required('Website URL'));

  app.post(
    '/api/contact',
    routeOptions(ContactBodySchema, { 200: ContactResponseSchema, 201: ContactResponseSchema }),
    async (request, reply) => {
      const problem = schemaProblem(request);
      if (problem) throw badRequest(problem);
      const body = trimmed(request.body);
      const isPopup = request.body.name !== undefined;
      if (isPopup && (request.body.firstName !== undefined || request.body.lastName !== undefined)) {
        throw badRequest('Send either name, or firstName and lastName, not both.');
      }
      // Popup: name, email and message required (subject optional); page forms: all five.
      const required: Array<[keyof ContactBody, string]> = isPopup
        ? [
            ['name', 'Name'],
            ['email', 'Email'],
            ['message', 'Message'],
          ]
        : [
            ['firstName', 'First Name'],
            ['lastName', 'Last Name'],
            ['email', 'Email Address'],
            ['subject', 'Subject'],
            ['message', 'Message'],
          ];
      for (const [field, label] of required) {
        if (!body[field]) throw badRequest(validationMessages.required(label), field);
      }
      if (!isValidEmail(body.email!)) throw badRequest(validationMessages.email, 'email');
      const htmlProblem = htmlInNames(body.name, body.firstName, body.lastName);
      if (htmlProblem) throw badRequest(htmlProblem);

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
    const problem = schemaProblem(request);
    if (problem) throw badRequest(problem);
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
        : formDefinitions[formId as FormId];
    const process = leadProcess(funnel, definition.requestsAudit);
    const invalid = validateFormValues(definition, body, { emailConsent: body.emailConsent });
    if (invalid) throw badRequest(invalid.message, invalid.field);
    // A form without these fields may still send them (spec payload): check them too.
    if (body.email && !isValidEmail(body.email)) throw badRequest(validationMessages.email, 'email');
    if (!body.email) throw badRequest(validationMessages.required('Email Address'), 'email');
    const website = body.website ? parseWebsite(body.website) : null;
    if (body.website && !website) throw badRequest(validationMessages.url, 'website');
    const htmlProblem = htmlInNames(body.businessName, body.firstName, body.lastName);
    if (htmlProblem) throw badRequest(htmlProblem);
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
        // Spec: businessName falls back to first name plus last name.
        businessName: body.businessName ?? personName,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        email: body.email,
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
      const problem = schemaProblem(request);
      if (problem) throw badRequest(problem);
      const body = trimmed(request.body);
      const businessName = body.businessName ?? body.formData?.businessName?.trim();
      const email = body.email ?? body.formData?.email?.trim();
      const rawWebsite = body.website ?? body.formData?.website?.trim();
      if (!businessName) throw badRequest(validationMessages.required('Business Name'), 'businessName');
      if (!email) throw badRequest(validationMessages.required('Email Address'), 'email');
      if (!isValidEmail(email)) throw badRequest(validationMessages.email, 'email');
      if (!rawWebsite) throw badRequest(validationMessages.required('Website URL'), 'website');
      const website = parseWebsite(rawWebsite);
      if (!website) throw badRequest(validationMessages.url, 'website');
      if (body.emailConsent !== true) throw badRequest(validationMessages.consent, 'emailConsent');
      const htmlProblem = htmlInNames(businessName);
      if (htmlProblem) throw badRequest(htmlProblem);
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
          businessName,
          firstName: null,
          lastName: null,
          email,
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
