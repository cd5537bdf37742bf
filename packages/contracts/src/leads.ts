// The public forms' API: contact messages, lead forms and the inline audit request.
// Types and sizes are checked by these schemas; which fields a form requires, and the
// messages for them, come from the form definitions in @curb/content.
import { Type, type Static } from '@sinclair/typebox';

const text = (maxLength: number) => Type.String({ maxLength });
/** Client-generated id of one submission: a retry with the same id stores nothing new. */
const SubmissionId = Type.Optional(Type.String({ format: 'uuid' }));

/** The contact popup's message. */
export const PopupContactSchema = Type.Object(
  {
    name: text(200),
    email: text(254),
    subject: Type.Optional(text(200)),
    message: text(5000),
    submissionId: SubmissionId,
  },
  { additionalProperties: false },
);

/** The contact page forms' message. */
export const PageContactSchema = Type.Object(
  {
    firstName: text(100),
    lastName: text(100),
    email: text(254),
    subject: text(200),
    message: text(5000),
    submissionId: SubmissionId,
  },
  { additionalProperties: false },
);

export type PopupContact = Static<typeof PopupContactSchema>;
export type PageContact = Static<typeof PageContactSchema>;

export const ContactResponseSchema = Type.Object({ id: Type.String() });

/**
 * The body the route accepts: the fields of both shapes, each optional, so the server can
 * tell which shape it got and name the missing field in words (rather than a union error).
 */
export const ContactBodySchema = Type.Object(
  {
    name: Type.Optional(text(200)),
    firstName: Type.Optional(text(100)),
    lastName: Type.Optional(text(100)),
    email: Type.Optional(text(254)),
    subject: Type.Optional(text(200)),
    message: Type.Optional(text(5000)),
    submissionId: SubmissionId,
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBodySchema>;

/** What website enrichment found, as sent with a lead (no screenshot: it stays in the browser). */
export const LeadWebsiteDataSchema = Type.Object(
  {
    companyName: Type.Optional(text(200)),
    businessType: Type.Optional(text(200)),
    location: Type.Optional(text(200)),
    phone: Type.Optional(text(50)),
    logo: Type.Optional(text(2048)),
    favicon: Type.Optional(text(2048)),
    enrichmentMethod: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('url-provided'), Type.Literal('company-lookup')])),
  },
  { additionalProperties: false },
);
export type LeadWebsiteData = Static<typeof LeadWebsiteDataSchema>;

/** UTM and similar campaign parameters of the visit. */
export const CampaignDataSchema = Type.Record(Type.String({ maxLength: 64 }), text(500), { maxProperties: 20 });

/** POST /api/lead. `formId` or `variant` names the form. */
export const LeadRequestSchema = Type.Object(
  {
    formId: Type.Optional(text(64)),
    variant: Type.Optional(text(64)),
    /** A/B test variant the visitor saw, and its id. */
    abVariant: Type.Optional(text(64)),
    variantId: Type.Optional(text(64)),
    source: Type.Optional(text(200)),
    businessName: Type.Optional(text(200)),
    email: Type.Optional(text(254)),
    website: Type.Optional(text(2048)),
    firstName: Type.Optional(text(100)),
    lastName: Type.Optional(text(100)),
    phone: Type.Optional(text(50)),
    subject: Type.Optional(text(200)),
    message: Type.Optional(text(5000)),
    emailConsent: Type.Optional(Type.Boolean()),
    communicationConsent: Type.Optional(Type.Boolean()),
    websiteData: Type.Optional(LeadWebsiteDataSchema),
    campaignData: Type.Optional(CampaignDataSchema),
    submissionId: SubmissionId,
    /** The funnel whose landing page or popup the form is on: its form fields and process apply. */
    funnelId: Type.Optional(text(64)),
  },
  { additionalProperties: false },
);
export type LeadRequest = Static<typeof LeadRequestSchema>;

/** The answer to a lead or audit request; `reportId` is set when an audit was requested. */
export const LeadResponseSchema = Type.Object({
  leadId: Type.String(),
  reportId: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type LeadResponse = Static<typeof LeadResponseSchema>;

/** POST /api/marketing-audit: the inline audit form. */
export const MarketingAuditRequestSchema = Type.Object(
  {
    businessName: Type.Optional(text(200)),
    email: Type.Optional(text(254)),
    /** The site to audit: the form suggests the business e-mail's domain, the visitor confirms it. */
    website: Type.Optional(text(2048)),
    emailConsent: Type.Optional(Type.Boolean()),
    communicationConsent: Type.Optional(Type.Boolean()),
    formData: Type.Optional(
      Type.Object(
        { email: Type.Optional(text(254)), businessName: Type.Optional(text(200)), website: Type.Optional(text(2048)) },
        { additionalProperties: false },
      ),
    ),
    source: Type.Optional(text(200)),
    submissionId: SubmissionId,
  },
  { additionalProperties: false },
);
export type MarketingAuditRequest = Static<typeof MarketingAuditRequestSchema>;

/** The answers' texts (on success the forms show their own texts from the content package). */
export const LEAD_MESSAGES = {
  tooMany: 'Too many submissions from your connection. Please wait a minute and try again.',
  htmlInName: 'Names cannot contain HTML tags.',
  unknownForm: (id: string) => `Unknown form "${id}".`,
  missingForm: 'The form id is missing.',
  contactShape: 'Send either name, or firstName and lastName, not both.',
  formMismatch: 'The form id and the variant name different forms.',
  auditRequested: 'Your marketing audit request has been submitted. Check your email for the report link.',
  submitted: 'Form submitted successfully!',
  contactSent: 'Your message has been sent successfully.',
} as const;
