// The Email Templates tab's fixed list (confirmation, notification, follow-up: the three mails a
// funnel sends, so the owner edits what goes out and nothing else) with the
// texts an empty template stands for and the placeholders each may use.
import { mailTemplateDefaults } from '@curb/content';
import { EMAIL_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS, type EmailTemplate } from '@curb/contracts/funnel-config';

export const EMAIL_TEMPLATES: EmailTemplate[] = EMAIL_TEMPLATE_TYPES.map((type) => ({
  ...mailTemplateDefaults[type],
  placeholders: [...TEMPLATE_PLACEHOLDERS[type]],
}));
