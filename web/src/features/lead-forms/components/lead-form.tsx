import {
  consentTexts,
  fieldProblem,
  formDefinitions,
  isAuditVariant,
  validationMessages,
  withScheme,
  type FormDefinition,
  type FormField,
  type FormId,
} from '@curb/content';
import type { QuickLookupResult } from '@curb/contracts/audit';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckboxField, TextAreaField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { toast } from '@/components/ui/toast/toast-store';
import { useGoToReport } from '@/lib/report-redirect';
import { isHttpError, serverMessage, serverProblem } from '@/lib/server-message';
import { trackLead } from '@/lib/tracking';
import { useSubmissionId } from '@/lib/submission-id';
import { campaignData, leadWebsiteData, submitLead } from '../api/submit-lead';
import { useWebsiteEnrichment } from '../hooks/use-website-enrichment';
import styles from './lead-form.module.css';

type Values = Partial<Record<FormField['name'], string>>;

export interface LeadFormProps {
  formId: FormId;
  source: string;
  /** Show the form definition's title and subtitle (the audit page's form has none: the page's
   *  own heading says it). */
  showTitle?: boolean;
  /** A website entered (and looked up) outside the form: its field is then not shown. */
  website?: string;
  /** A business name found outside the form: filled in only if the field is empty. */
  foundBusinessName?: string;
  onSubmitted?: (result: { reportId: string | null }) => void;
  /** Called when the visitor types a business name. */
  onBusinessNameInput?: () => void;
  /** The A/B variant the visitor saw (variant-based forms). */
  abVariant?: string;
  /** The form as a funnel shows it (its texts and extra fields); the form id's own by default. */
  definition?: FormDefinition;
  /** The funnel whose page or popup the form is on. */
  funnelId?: string;
  /** On a funnel's landing page: the call to action is marked for the page server's rewrite. */
  funnelCopy?: boolean;
}

/** A lead form built from its form definition (fields, enrichment, consent boxes). */
export function LeadForm({
  formId,
  source,
  showTitle = true,
  website: outsideWebsite,
  foundBusinessName,
  onSubmitted,
  onBusinessNameInput,
  abVariant,
  definition: shown,
  funnelId,
  funnelCopy = false,
}: LeadFormProps) {
  const definition = shown ?? formDefinitions[formId];
  const fields = [...definition.fields]
    .sort((a, b) => a.order - b.order)
    .filter((f) => !(f.name === 'website' && outsideWebsite !== undefined));
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [emailConsent, setEmailConsent] = useState(false);
  const [communicationConsent, setCommunicationConsent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submission = useSubmissionId();
  const formRef = useRef<HTMLFormElement>(null);
  const goToReport = useGoToReport();

  const website = outsideWebsite ?? values.website ?? '';
  const fillBusinessName = (name: string | undefined) => {
    if (name) setValues((v) => (v.businessName?.trim() ? v : { ...v, businessName: name }));
  };
  const enrichment = useWebsiteEnrichment(
    website,
    definition.showWebsiteEnrichment && outsideWebsite === undefined,
    (found: QuickLookupResult) => {
      fillBusinessName(found.companyName);
      toast({ title: 'Company found', description: `${found.companyName}: details filled in from your website.` });
    },
  );
  useEffect(() => fillBusinessName(foundBusinessName), [foundBusinessName]);
  const enriching = enrichment.status === 'loading';

  const set = (name: FormField['name']) => (event: { target: { value: string } }) => {
    if (name === 'businessName') onBusinessNameInput?.();
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const all = { ...values, website };
    // Every field's problem at once (the website's too when it is entered outside the form),
    // so the visitor can fix them in one go.
    const problems: Record<string, string> = {};
    for (const field of definition.fields) {
      const problem = fieldProblem(field, all[field.name]);
      if (problem) problems[field.name] = problem;
    }
    if (definition.showConsentBoxes && !emailConsent) problems.emailConsent = validationMessages.consent;
    setErrors(problems);
    if (Object.keys(problems).length) return;

    setSubmitting(true);
    try {
      const personName = [all.firstName, all.lastName].filter(Boolean).join(' ');
      const result = await submitLead({
        ...Object.fromEntries(Object.entries(all).filter(([, v]) => v?.trim())),
        website: website.trim() ? withScheme(website) : undefined,
        businessName: all.businessName?.trim() || personName || undefined,
        formId,
        variant: formId,
        ...(abVariant ? { abVariant, variantId: formId } : {}),
        source,
        emailConsent,
        communicationConsent,
        websiteData: leadWebsiteData(enrichment.result),
        campaignData: campaignData(window.location.search),
        submissionId: submission.current(),
        ...(funnelId ? { funnelId } : {}),
      });
      submission.renew();
      trackLead(all.email);
      // A funnel without website analysis stores the request without an audit: no report to promise.
      const auditVariant = isAuditVariant(formId) && !(result.reportId === null && definition.requestsAudit && funnelId);
      toast({
        title: auditVariant ? 'Audit Request Submitted!' : 'Thank you!',
        description: result.message,
      });
      onSubmitted?.({ reportId: result.reportId });
      if (auditVariant && result.reportId) goToReport(result.reportId);
    } catch (error) {
      const showError = (field: string, message: string) => setErrors((e) => ({ ...e, [field]: message }));
      // A website entered outside the form is refused above its fields.
      const refused = serverProblem(error);
      if (refused.field === 'website' && outsideWebsite !== undefined) return showError('website', refused.message);
      if (showAtField(formRef.current, error, showError)) return;
      toast({
        title: 'Submission Failed',
        description: serverMessage(error) ?? (isHttpError(error) ? 'Submission failed' : 'Please try again later'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      data-form-id={formId}
      data-funnel={funnelId}
      data-enrichment={enrichment.status}
      aria-busy={enriching || submitting}
      aria-label={showTitle ? undefined : definition.title}
    >
      {showTitle && (
        <div>
          <h3 className={styles.title}>{definition.title}</h3>
          <p className={styles.subtitle}>{definition.subtitle}</p>
        </div>
      )}
      {outsideWebsite !== undefined && errors.website && (
        <p className={styles.formError} role="alert">
          {errors.website}
        </p>
      )}
      {fields.map((field) => {
        const common = {
          label: field.placeholder,
          name: field.name,
          required: field.required,
          value: values[field.name] ?? '',
          onChange: set(field.name),
          error: errors[field.name],
          maxLength: field.maxLength,
        };
        if (field.type === 'textarea') return <TextAreaField key={field.name} {...common} placeholder={field.placeholder} />;
        if (field.name === 'businessName' && definition.showWebsiteEnrichment) {
          return (
            <TextField
              key={field.name}
              {...common}
              readOnly={enriching}
              placeholder={enriching ? 'Loading company info...' : 'Your Business Name'}
              hint={enriching ? 'Analyzing website...' : undefined}
              autoComplete="organization"
            />
          );
        }
        const type = field.type === 'url' ? 'url' : field.type;
        return (
          <TextField
            key={field.name}
            {...common}
            type={type}
            placeholder={field.type === 'url' ? 'yourwebsite.com' : field.placeholder}
            inputMode={field.type === 'url' ? 'url' : undefined}
            autoComplete={autoComplete[field.name]}
          />
        );
      })}
      {enrichment.status === 'success' && enrichment.result && (
        <div className={styles.found} role="status" data-testid="enrichment-success">
          <strong>{enrichment.result.companyName}</strong>
          {[enrichment.result.businessType, enrichment.result.location].filter(Boolean).join(' · ')}
        </div>
      )}
      {definition.showConsentBoxes && (
        <div className={styles.consents}>
          <CheckboxField
            label={consentTexts.emailConsent}
            name="emailConsent"
            checked={emailConsent}
            onChange={(e) => setEmailConsent(e.target.checked)}
            error={errors.emailConsent}
          />
          <CheckboxField
            label={consentTexts.communicationConsent}
            name="communicationConsent"
            checked={communicationConsent}
            onChange={(e) => setCommunicationConsent(e.target.checked)}
          />
        </div>
      )}
      <button type="submit" className="button" disabled={submitting} data-funnel-copy={funnelCopy ? 'cta' : undefined}>
        {submitting ? 'Processing...' : definition.submitText}
      </button>
    </form>
  );
}

const autoComplete: Partial<Record<FormField['name'], string>> = {
  email: 'email',
  firstName: 'given-name',
  lastName: 'family-name',
  phone: 'tel',
  website: 'url',
};
