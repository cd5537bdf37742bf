import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { AUDIT_FUNNEL_ID, landingDefaults, popupVariantDefaults } from '@curb/content';
import {
  CONVERSION_EVENTS,
  EXTRA_FORM_FIELDS,
  FIELD_MODES,
  FUNNEL_EDIT_TABS,
  FUNNEL_EVENTS,
  FUNNEL_FIELD_PATHS,
  funnelField,
  POPUP_VARIANTS,
  type EmailTemplate,
  type FunnelConfig,
  type FunnelEdit,
  type FunnelEditTab,
  type FunnelFieldPath,
} from '@curb/contracts/funnel-config';
import { CheckboxField, Field, SelectField, TextAreaField, TextField } from '@/components/ui/form/field';
import formStyles from '@/components/ui/form/field.module.css';
import { focusField } from '@/components/ui/form/field-refusal';
import type { FieldProblem } from '@/lib/server-message';
import styles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { Tabs } from '@/components/admin/tabs';
import { EmailTemplatesTab } from './email-templates-tab';
import cardStyles from './funnels.module.css';

// The fields, their tabs, labels and limits are the contract's (funnelField): the dialog shows
// what the API checks and names in its messages. Only the choices' wording is the dialog's own.
const MODE_LABELS: Record<(typeof FIELD_MODES)[number], string> = { off: 'Not asked', optional: 'Optional', required: 'Required' };
const CONVERSION_LABELS: Record<(typeof CONVERSION_EVENTS)[number], string> = {
  'form-submit': 'Form submitted (a lead)',
  'email-open': 'Report e-mail opened',
  'report-view': 'Report viewed',
};
const VARIANT_LABELS = { A: 'Variant A (with the report picture)', B: 'Variant B (standard form)' } as const;

/** What a tab changes on the site, said once at its top. */
function Effect({ children }: { children: ReactNode }) {
  return <p className={styles.muted}>{children}</p>;
}

/** The server's refusal of a save, shown at the field it names (FunnelEditForm's `problem`). */
const ProblemContext = createContext<FieldProblem | null>(null);

/** The refusal's message when it names this field. */
const messageAt = (problem: FieldProblem | null, path: string) => (problem?.field === path ? problem.message : null);
const useProblem = (path: string) => messageAt(useContext(ProblemContext), path);

/** A text field of the edit: its label and length limit are the contract's. */
function Text({
  path,
  value,
  placeholder,
  hint,
  rows,
  onChange,
}: {
  path: FunnelFieldPath;
  value: string;
  placeholder?: string;
  hint?: string;
  /** A multi-line text of this many rows. */
  rows?: number;
  onChange: (value: string) => void;
}) {
  const { label, maxLength } = funnelField(path);
  const shared = { label, field: path, hint, error: useProblem(path), value, maxLength, placeholder };
  return rows ? (
    <TextAreaField {...shared} rows={rows} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <TextField {...shared} onChange={(e) => onChange(e.target.value)} />
  );
}

/** A yes/no field of the edit; `before` and `after` frame the contract's label ("2. Website analysis"). */
function Check({
  path,
  before = '',
  after = '',
  checked,
  onChange,
}: {
  path: FunnelFieldPath;
  before?: string;
  after?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField
      label={`${before}${funnelField(path).label}${after}`}
      field={path}
      error={useProblem(path)}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** A choice of the edit among fixed options, in the dialog's own words. */
function Select<T extends string>({
  path,
  hint,
  value,
  options,
  labels,
  onChange,
}: {
  path: FunnelFieldPath;
  hint?: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <SelectField
      label={funnelField(path).label}
      field={path}
      hint={hint}
      error={useProblem(path)}
      value={value}
      onChange={(e) => onChange(options.find((o) => o === e.target.value)!)}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {labels[o]}
        </option>
      ))}
    </SelectField>
  );
}

/** A whole number field of the edit, kept within the contract's bounds. */
function WholeNumber({
  path,
  hint,
  value,
  onChange,
}: {
  path: FunnelFieldPath;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { label, minimum: min = 0, maximum: max = Number.MAX_SAFE_INTEGER } = funnelField(path);
  return (
    <TextField
      label={label}
      field={path}
      hint={hint}
      error={useProblem(path)}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={value}
      onChange={(e) => onChange(Math.max(min, Math.min(max, Math.round(Number(e.target.value) || 0))))}
    />
  );
}

/** The six tabs of the Edit dialog over one funnel's fields and configuration; each says what it changes. */
export function FunnelEditForm({
  funnelId,
  value,
  onChange,
  templates,
  initialTab = 'general',
  problem = null,
}: {
  funnelId: string;
  value: FunnelEdit;
  onChange: (next: FunnelEdit) => void;
  templates: EmailTemplate[] | undefined;
  initialTab?: FunnelEditTab;
  /** The server's refusal of the last save: shown, and focused, at the field it names. */
  problem?: FieldProblem | null;
}) {
  const [tab, setTab] = useState<FunnelEditTab>(initialTab);
  const root = useRef<HTMLDivElement>(null);
  const problemAt = (path: FunnelFieldPath) => messageAt(problem, path);
  // A refused field may be on another tab: that tab opens, then the field takes the focus.
  useEffect(() => {
    const field = problem?.field;
    if (!field || !(FUNNEL_FIELD_PATHS as readonly string[]).includes(field)) return;
    setTab(funnelField(field as FunnelFieldPath).tab);
    focusField(root.current, field);
  }, [problem]);
  const set = <K extends keyof FunnelEdit>(key: K, v: FunnelEdit[K]) => onChange({ ...value, [key]: v });
  const setConfig = <K extends keyof FunnelConfig>(key: K, patch: Partial<FunnelConfig[K]>) =>
    onChange({ ...value, config: { ...value.config, [key]: { ...value.config[key], ...patch } } });
  const { landingPage, popup, process, tracking } = value.config;
  const own = landingDefaults(funnelId);
  const landingPath = funnelId === AUDIT_FUNNEL_ID || funnelId === 'real-estate-marketing-report' ? `/${funnelId}` : null;

  return (
    <ProblemContext.Provider value={problem}>
      <div ref={root}>
        <Tabs tabs={FUNNEL_EDIT_TABS} value={tab} onChange={setTab} label="Funnel settings">
          {tab === 'general' && (
            <div className={styles.form}>
              <Effect>
                The page title names {landingPath ?? 'the landing page'} in the browser tab and in search results. Name, subtitle,
                description and colour label this funnel in the manager only.
              </Effect>
              <Text path="name" value={value.name} onChange={(v) => set('name', v)} />
              <Text
                path="title"
                hint={`Shown as "${value.title || own.title} | …"`}
                value={value.title}
                placeholder={own.title}
                onChange={(v) => set('title', v)}
              />
              <Text path="subtitle" value={value.subtitle} onChange={(v) => set('subtitle', v)} />
              <Text path="description" rows={3} value={value.description} onChange={(v) => set('description', v)} />
              <Field label={funnelField('primaryColor').label} field="primaryColor" error={problemAt('primaryColor')}>
                {(control) => (
                  <input
                    type="color"
                    className={formStyles.input}
                    {...control}
                    value={value.primaryColor}
                    onChange={(e) => set('primaryColor', e.target.value)}
                  />
                )}
              </Field>
              <Check path="isActive" checked={value.isActive} onChange={(v) => set('isActive', v)} />
              {!value.isActive && (
                <p className={styles.notice} role="note">
                  Inactive: {landingPath ?? 'its landing page'} shows the generic audit page and this funnel&apos;s popup does not open.
                </p>
              )}
            </div>
          )}
          {tab === 'landing' && (
            <div className={styles.form}>
              <Effect>
                What {landingPath ?? 'the landing page'} shows, to visitors and to search engines. An empty field keeps the page&apos;s own
                text (shown in grey).
              </Effect>
              <Text
                path="config.landingPage.headline"
                value={landingPage.headline}
                placeholder={own.headline}
                onChange={(headline) => setConfig('landingPage', { headline })}
              />
              <Text
                path="config.landingPage.subheadline"
                rows={3}
                value={landingPage.subheadline}
                placeholder={own.copy}
                onChange={(subheadline) => setConfig('landingPage', { subheadline })}
              />
              <Text
                path="config.landingPage.ctaText"
                hint={own.hasForm ? 'The form’s button.' : 'The button that leads to the free audit.'}
                value={landingPage.ctaText}
                placeholder={own.ctaText}
                onChange={(ctaText) => setConfig('landingPage', { ctaText })}
              />
              {own.hasForm ? (
                <fieldset className={`${styles.form} ${cardStyles.group}`}>
                  <legend>Form fields</legend>
                  <p className={styles.muted}>Website, business name and e-mail are always asked (the audit needs them).</p>
                  {EXTRA_FORM_FIELDS.map((name) => (
                    <Select
                      key={name}
                      path={`config.landingPage.fields.${name}`}
                      value={landingPage.fields[name]}
                      options={FIELD_MODES}
                      labels={MODE_LABELS}
                      onChange={(mode) => setConfig('landingPage', { fields: { ...landingPage.fields, [name]: mode } })}
                    />
                  ))}
                </fieldset>
              ) : (
                <p className={styles.muted}>This page has no form: its button leads to the free audit page.</p>
              )}
            </div>
          )}
          {tab === 'popup' && (
            <div className={styles.form}>
              <Effect>
                {funnelId === AUDIT_FUNNEL_ID
                  ? 'The site-wide audit popup: it opens by itself on the home page and from the footer’s button on every page.'
                  : `This funnel's popup opens by itself on ${landingPath ?? 'its landing page'}.`}{' '}
                It shows once per browser session. Split the variants on the <Link to="/admin/ab-testing">A/B Testing</Link> page.
              </Effect>
              <Effect>
                Saving a changed title, subtitle or button text of a variant begins a new phase of the A/B test: its results from then on
                are counted apart from the earlier wording&apos;s, and the A/B Testing page shows each phase with its text.
              </Effect>
              <Check path="config.popup.enabled" checked={popup.enabled} onChange={(enabled) => setConfig('popup', { enabled })} />
              <WholeNumber
                path="config.popup.delaySeconds"
                hint="How long a visitor is on the page before it opens by itself; 0 = no timer."
                value={popup.delaySeconds}
                onChange={(delaySeconds) => setConfig('popup', { delaySeconds })}
              />
              <Check
                path="config.popup.exitIntent"
                after=" (opens when the mouse leaves at the top of the page)"
                checked={popup.exitIntent}
                onChange={(exitIntent) => setConfig('popup', { exitIntent })}
              />
              {POPUP_VARIANTS.map((variant) => {
                const copy = popup.variants[variant];
                const defaults = popupVariantDefaults(variant);
                const setCopy = (patch: Partial<typeof copy>) =>
                  setConfig('popup', { variants: { ...popup.variants, [variant]: { ...copy, ...patch } } });
                return (
                  <fieldset key={variant} className={`${styles.form} ${cardStyles.group}`}>
                    <legend>{VARIANT_LABELS[variant]}</legend>
                    <Text
                      path={`config.popup.variants.${variant}.title`}
                      value={copy.title}
                      placeholder={defaults.title}
                      onChange={(title) => setCopy({ title })}
                    />
                    <Text
                      path={`config.popup.variants.${variant}.subtitle`}
                      value={copy.subtitle}
                      placeholder={defaults.subtitle}
                      onChange={(subtitle) => setCopy({ subtitle })}
                    />
                    <Text
                      path={`config.popup.variants.${variant}.buttonText`}
                      value={copy.buttonText}
                      placeholder={defaults.buttonText}
                      onChange={(buttonText) => setCopy({ buttonText })}
                    />
                  </fieldset>
                );
              })}
            </div>
          )}
          {tab === 'emails' && (
            <EmailTemplatesTab
              funnelId={funnelId}
              templates={templates}
              value={value.config.emailTemplates}
              onChange={(emailTemplates) => set('config', { ...value.config, emailTemplates })}
              errorAt={problemAt}
            />
          )}
          {tab === 'process' && (
            <div className={styles.form}>
              <Effect>What happens to a lead that comes through this funnel&apos;s page or popup.</Effect>
              <ol className={styles.steps} aria-label="Funnel process">
                <li>
                  1. Form submission <Badge tone="green">Always</Badge>
                </li>
                <li>
                  <Check
                    path="config.process.websiteAnalysis"
                    before="2. "
                    checked={process.websiteAnalysis}
                    onChange={(websiteAnalysis) => setConfig('process', { websiteAnalysis })}
                  />
                  <small className={styles.muted}>Off: the lead is stored without an audit or report.</small>
                </li>
                <li>
                  <Check
                    path="config.process.emailDelivery"
                    before="3. "
                    checked={process.emailDelivery}
                    onChange={(emailDelivery) => setConfig('process', { emailDelivery })}
                  />
                  <small className={styles.muted}>Off: the report is made but not e-mailed (the lead sees it on the page).</small>
                </li>
                <li>
                  <Check
                    path="config.process.followUpSequence"
                    before="4. "
                    after=" (optional)"
                    checked={process.followUpSequence}
                    onChange={(followUpSequence) => setConfig('process', { followUpSequence })}
                  />
                  <small className={styles.muted}>
                    Sends the follow-up e-mail after the report unless the lead has come back, unsubscribed or booked.
                  </small>
                </li>
              </ol>
              <WholeNumber
                path="config.process.followUpDays"
                value={process.followUpDays}
                onChange={(followUpDays) => setConfig('process', { followUpDays })}
              />
            </div>
          )}
          {tab === 'tracking' && (
            <div className={styles.form}>
              <Effect>Which of this funnel&apos;s events the site records, and what its conversion figures count.</Effect>
              <fieldset className={`${styles.form} ${cardStyles.group}`}>
                <legend>Events recorded</legend>
                {FUNNEL_EVENTS.map((event) => (
                  <Check
                    key={event}
                    path={`config.tracking.events.${event}`}
                    checked={tracking.events[event]}
                    onChange={(on) => setConfig('tracking', { events: { ...tracking.events, [event]: on } })}
                  />
                ))}
                <p className={styles.muted}>Leads are always recorded.</p>
              </fieldset>
              <Select
                path="config.tracking.conversionEvent"
                hint="The card's and the analytics dialog's conversion rate divide these by the page's visitors."
                value={tracking.conversionEvent}
                options={CONVERSION_EVENTS}
                labels={CONVERSION_LABELS}
                onChange={(conversionEvent) => setConfig('tracking', { conversionEvent })}
              />
            </div>
          )}
        </Tabs>
      </div>
    </ProblemContext.Provider>
  );
}
