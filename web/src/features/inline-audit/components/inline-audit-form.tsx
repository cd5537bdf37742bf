import {
  consentTexts,
  fieldLabel,
  inlineAuditForm,
  marketingAuditForm,
  marketingAuditPage,
  parseWebsite,
  validationMessages,
  websiteFromEmail,
} from '@curb/content';
import { useRef, useState, type FormEvent } from 'react';
import { CheckboxField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { toast } from '@/components/ui/toast/toast-store';
import { useGoToReport } from '@/lib/report-redirect';
import { isHttpError, serverMessage } from '@/lib/server-message';
import { useSubmissionId } from '@/lib/submission-id';
import { trackConversion, trackLead } from '@/lib/tracking';
import { requestAudit } from '../api/request-audit';
import styles from './inline-audit-form.module.css';

/**
 * The inline audit form: business name, email, the website to audit and consent; the button
 * waits for all four. A business e-mail suggests the website, which the visitor confirms:
 * a report is only promised for a site we were told to audit.
 */
export function InlineAuditForm({ source }: { source: string }) {
  const [businessName, setBusinessName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [websiteEdited, setWebsiteEdited] = useState(false);
  // Each field's problem: the website's as typed, any field's as the server refused it.
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));
  const [emailConsent, setEmailConsent] = useState(false);
  const [sending, setSending] = useState(false);
  // What the request became: an audit with its report, or (a funnel without website analysis) a lead alone.
  const [submitted, setSubmitted] = useState<'audit' | 'lead' | null>(null);
  const submission = useSubmissionId();
  const goToReport = useGoToReport();
  const ready = businessName.trim() !== '' && email.trim() !== '' && website.trim() !== '' && emailConsent;

  const changeEmail = (value: string) => {
    setEmail(value);
    clearError('email');
    if (!websiteEdited) setWebsite(websiteFromEmail(value.trim()) ?? '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || sending) return;
    const site = parseWebsite(website);
    setErrors(site ? {} : { website: validationMessages.url });
    if (!site) return;
    setSending(true);
    try {
      const result = await requestAudit({
        businessName: businessName.trim(),
        email: email.trim(),
        website: site.toString(),
        emailConsent,
        communicationConsent: false,
        formData: { email: email.trim(), businessName: businessName.trim(), website: site.toString() },
        source,
        submissionId: submission.current(),
      });
      submission.renew();
      trackLead(email.trim());
      trackConversion();
      setSubmitted(result.reportId ? 'audit' : 'lead');
      toast({
        title: inlineAuditForm.successTitle,
        description: result.reportId ? 'Check your email within 24 hours.' : marketingAuditPage.thankYouLead.text,
      });
      if (result.reportId) goToReport(result.reportId);
    } catch (error) {
      if (showAtField(formRef.current, error, (field, message) => setErrors({ [field]: message }))) return;
      toast({
        title: 'Error',
        description: serverMessage(error) ?? (isHttpError(error) ? 'Submission failed' : 'Please try again or contact me directly.'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  if (submitted) {
    return (
      <div className={styles.card} role="status" data-testid="inline-audit-success">
        <h3 className={styles.title}>{inlineAuditForm.successTitle}</h3>
        <p>{submitted === 'audit' ? inlineAuditForm.successText : marketingAuditPage.thankYouLead.text}</p>
      </div>
    );
  }
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} data-testid="inline-audit-form" aria-labelledby="inline-audit-title">
      <h3 id="inline-audit-title" className={styles.title}>
        {inlineAuditForm.title}
      </h3>
      <p className={styles.text}>{inlineAuditForm.text}</p>
      <TextField
        label={fieldLabel(marketingAuditForm, 'businessName')}
        name="businessName"
        required
        autoComplete="organization"
        error={errors.businessName}
        value={businessName}
        onChange={(e) => {
          setBusinessName(e.target.value);
          clearError('businessName');
        }}
      />
      <TextField
        label={fieldLabel(marketingAuditForm, 'email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        error={errors.email}
        value={email}
        onChange={(e) => changeEmail(e.target.value)}
      />
      <TextField
        label={fieldLabel(marketingAuditForm, 'website')}
        name="website"
        inputMode="url"
        required
        autoComplete="url"
        placeholder="yourbusiness.com"
        hint={inlineAuditForm.websiteHint}
        error={errors.website}
        value={website}
        onChange={(e) => {
          setWebsite(e.target.value);
          setWebsiteEdited(true);
          clearError('website');
        }}
      />
      <CheckboxField
        label={consentTexts.emailConsent}
        name="emailConsent"
        checked={emailConsent}
        error={errors.emailConsent}
        onChange={(e) => {
          setEmailConsent(e.target.checked);
          clearError('emailConsent');
        }}
      />
      <button type="submit" className="button" disabled={!ready || sending}>
        {sending ? inlineAuditForm.sendingText : inlineAuditForm.submitText}
      </button>
    </form>
  );
}
