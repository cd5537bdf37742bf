import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { AUDIT_FUNNEL_ID, landingDefaults, popupVariantDefaults } from '@curb/content';
import {
  CONVERSION_EVENTS,
  EXTRA_FORM_FIELDS,
  FIELD_MODES,
  FUNNEL_EVENTS,
  MAX_FOLLOW_UP_DAYS,
  MAX_POPUP_DELAY_SECONDS,
  POPUP_VARIANTS,
  type EmailTemplate,
  type FunnelConfig,
  type FunnelEdit,
} from '@curb/contracts/funnel-config';
import styles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { Tabs } from '@/components/admin/tabs';
import { EmailTemplatesTab } from './email-templates-tab';
import cardStyles from './funnels.module.css';

const TABS = [
  { key: 'general', label: 'General' },
  { key: 'landing', label: 'Landing Page' },
  { key: 'popup', label: 'Popup Creator' },
  { key: 'emails', label: 'Email Templates' },
  { key: 'process', label: 'Process Builder' },
  { key: 'tracking', label: 'Tracking' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const FIELD_LABELS: Record<(typeof EXTRA_FORM_FIELDS)[number], string> = { firstName: 'First name', lastName: 'Last name', phone: 'Phone' };
const MODE_LABELS: Record<(typeof FIELD_MODES)[number], string> = { off: 'Not asked', optional: 'Optional', required: 'Required' };
const EVENT_LABELS: Record<(typeof FUNNEL_EVENTS)[number], string> = {
  pageView: 'Landing page views',
  popupView: 'Popup views',
  formStart: 'Form starts',
  formSubmit: 'Form submissions',
};
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

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      {children}
      {hint && <small className={styles.muted}>{hint}</small>}
    </label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function Select<T extends string>({
  value,
  options,
  labels,
  onChange,
  label,
}: {
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  label?: string;
}) {
  return (
    <select value={value} aria-label={label} onChange={(e) => onChange(options.find((o) => o === e.target.value)!)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {labels[o]}
        </option>
      ))}
    </select>
  );
}

/** A whole number input kept within its bounds. */
function WholeNumber({ value, min, max, onChange }: { value: number; min: number; max: number; onChange: (value: number) => void }) {
  return (
    <input
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
}: {
  funnelId: string;
  value: FunnelEdit;
  onChange: (next: FunnelEdit) => void;
  templates: EmailTemplate[] | undefined;
}) {
  const [tab, setTab] = useState<TabKey>('general');
  const set = <K extends keyof FunnelEdit>(key: K, v: FunnelEdit[K]) => onChange({ ...value, [key]: v });
  const setConfig = <K extends keyof FunnelConfig>(key: K, patch: Partial<FunnelConfig[K]>) =>
    onChange({ ...value, config: { ...value.config, [key]: { ...value.config[key], ...patch } } });
  const { landingPage, popup, process, tracking } = value.config;
  const own = landingDefaults(funnelId);
  const landingPath = funnelId === AUDIT_FUNNEL_ID || funnelId === 'real-estate-marketing-report' ? `/${funnelId}` : null;

  return (
    <Tabs tabs={TABS} value={tab} onChange={setTab} label="Funnel settings">
      {tab === 'general' && (
        <div className={styles.form}>
          <Effect>
            The page title names {landingPath ?? 'the landing page'} in the browser tab and in search results. Name, subtitle, description
            and colour label this funnel in the manager only.
          </Effect>
          <Field label="Name">
            <input value={value.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field label="Page title" hint={`Shown as "${value.title || own.title} | …"`}>
            <input value={value.title} maxLength={200} placeholder={own.title} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field label="Subtitle">
            <input value={value.subtitle} maxLength={300} onChange={(e) => set('subtitle', e.target.value)} />
          </Field>
          <Field label="Description">
            <textarea rows={3} value={value.description} maxLength={2000} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field label="Card colour">
            <input type="color" value={value.primaryColor} onChange={(e) => set('primaryColor', e.target.value)} />
          </Field>
          <Check label="Active" checked={value.isActive} onChange={(v) => set('isActive', v)} />
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
            What {landingPath ?? 'the landing page'} shows, to visitors and to search engines. An empty field keeps the page&apos;s own text
            (shown in grey).
          </Effect>
          <Field label="Headline">
            <input
              value={landingPage.headline}
              maxLength={200}
              placeholder={own.headline}
              onChange={(e) => setConfig('landingPage', { headline: e.target.value })}
            />
          </Field>
          <Field label="Copy">
            <textarea
              rows={3}
              value={landingPage.subheadline}
              maxLength={600}
              placeholder={own.copy}
              onChange={(e) => setConfig('landingPage', { subheadline: e.target.value })}
            />
          </Field>
          <Field label="Call to action" hint={own.hasForm ? 'The form’s button.' : 'The button that leads to the free audit.'}>
            <input
              value={landingPage.ctaText}
              maxLength={60}
              placeholder={own.ctaText}
              onChange={(e) => setConfig('landingPage', { ctaText: e.target.value })}
            />
          </Field>
          {own.hasForm ? (
            <fieldset className={`${styles.form} ${cardStyles.group}`}>
              <legend>Form fields</legend>
              <p className={styles.muted}>Website, business name and e-mail are always asked (the audit needs them).</p>
              {EXTRA_FORM_FIELDS.map((name) => (
                <Field key={name} label={`${FIELD_LABELS[name]} field`}>
                  <Select
                    value={landingPage.fields[name]}
                    options={FIELD_MODES}
                    labels={MODE_LABELS}
                    onChange={(mode) => setConfig('landingPage', { fields: { ...landingPage.fields, [name]: mode } })}
                  />
                </Field>
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
          <Check label="Show the popup" checked={popup.enabled} onChange={(enabled) => setConfig('popup', { enabled })} />
          <Field label="Delay (seconds)" hint="How long a visitor is on the page before it opens by itself; 0 = no timer.">
            <WholeNumber
              value={popup.delaySeconds}
              min={0}
              max={MAX_POPUP_DELAY_SECONDS}
              onChange={(delaySeconds) => setConfig('popup', { delaySeconds })}
            />
          </Field>
          <Check
            label="Exit intent (opens when the mouse leaves at the top of the page)"
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
                <Field label={`Variant ${variant} title`}>
                  <input
                    value={copy.title}
                    maxLength={200}
                    placeholder={defaults.title}
                    onChange={(e) => setCopy({ title: e.target.value })}
                  />
                </Field>
                <Field label={`Variant ${variant} subtitle`}>
                  <input
                    value={copy.subtitle}
                    maxLength={300}
                    placeholder={defaults.subtitle}
                    onChange={(e) => setCopy({ subtitle: e.target.value })}
                  />
                </Field>
                <Field label={`Variant ${variant} button text`}>
                  <input
                    value={copy.buttonText}
                    maxLength={60}
                    placeholder={defaults.buttonText}
                    onChange={(e) => setCopy({ buttonText: e.target.value })}
                  />
                </Field>
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
                label="2. Website analysis"
                checked={process.websiteAnalysis}
                onChange={(websiteAnalysis) => setConfig('process', { websiteAnalysis })}
              />
              <small className={styles.muted}>Off: the lead is stored without an audit or report.</small>
            </li>
            <li>
              <Check
                label="3. E-mail delivery"
                checked={process.emailDelivery}
                onChange={(emailDelivery) => setConfig('process', { emailDelivery })}
              />
              <small className={styles.muted}>Off: the report is made but not e-mailed (the lead sees it on the page).</small>
            </li>
            <li>
              <Check
                label="4. Follow-up sequence (optional)"
                checked={process.followUpSequence}
                onChange={(followUpSequence) => setConfig('process', { followUpSequence })}
              />
              <small className={styles.muted}>
                Sends the follow-up e-mail after the report unless the lead has come back, unsubscribed or booked.
              </small>
            </li>
          </ol>
          <Field label="Follow-up after (days)">
            <WholeNumber
              value={process.followUpDays}
              min={1}
              max={MAX_FOLLOW_UP_DAYS}
              onChange={(followUpDays) => setConfig('process', { followUpDays })}
            />
          </Field>
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
                label={EVENT_LABELS[event]}
                checked={tracking.events[event]}
                onChange={(on) => setConfig('tracking', { events: { ...tracking.events, [event]: on } })}
              />
            ))}
            <p className={styles.muted}>Leads are always recorded.</p>
          </fieldset>
          <Field label="Conversion event" hint="The card's and the analytics dialog's conversion rate divide these by the page's visitors.">
            <Select
              value={tracking.conversionEvent}
              options={CONVERSION_EVENTS}
              labels={CONVERSION_LABELS}
              onChange={(conversionEvent) => setConfig('tracking', { conversionEvent })}
            />
          </Field>
        </div>
      )}
    </Tabs>
  );
}
