import { useState, type ReactNode } from 'react';
import {
  ATTRIBUTION_WINDOWS,
  CONFIRMATION_DELAYS,
  CONVERSION_GOALS,
  LANDING_LAYOUTS,
  POPUP_FREQUENCIES,
  POPUP_SIZE_LABELS,
  POPUP_SIZES,
  POPUP_TRIGGERS,
  REPORT_DELAYS,
  type FunnelConfig,
  type FunnelEdit,
} from '@curb/contracts/funnel-config';
import type { EmailTemplate } from '@curb/contracts/funnel-config';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { Tabs } from '@/components/admin/tabs';

const TABS = [
  { key: 'general', label: 'General' },
  { key: 'landing', label: 'Landing Page' },
  { key: 'popup', label: 'Popup Creator' },
  { key: 'emails', label: 'Email Templates' },
  { key: 'process', label: 'Process Builder' },
  { key: 'tracking', label: 'Tracking' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const DELAY_LABELS: Record<string, string> = {
  immediate: 'Immediately',
  '2min': 'After 2 minutes',
  '5min': 'After 5 minutes',
  '1hour': 'After 1 hour',
};
const FREQUENCY_LABELS: Record<string, string> = {
  always: 'Every visit',
  'once-day': 'Once a day',
  'once-week': 'Once a week',
  'once-session': 'Once a session',
};
const TRIGGER_LABELS: Record<string, string> = {
  time: 'After a delay',
  scroll: 'On scroll depth',
  exit: 'On exit intent',
  click: 'On click',
};
const GOAL_LABELS: Record<string, string> = {
  'form-submit': 'Form submitted',
  'email-open': 'E-mail opened',
  'report-view': 'Report viewed',
};
const TEMPLATE_KEYS = { confirmation: 'confirmation', notification: 'notification', 'follow-up': 'followUp' } as const;

// The site does not read these tabs yet: each says so, and what the site does instead, so
// the owner does not expect a saved value to change a page or an e-mail.
const NOT_APPLIED: Partial<Record<TabKey, string>> = {
  landing: 'The public pages use the site content, not these fields.',
  popup: "The site's audit popup opens after 25 seconds or on exit intent, once per browser session, whatever is set here.",
  emails: 'Report and notice e-mails use the subjects shown as placeholders.',
  process: 'Every audit request is analysed and its report e-mailed as soon as it is ready.',
  tracking: 'The dashboards count form submissions and record every UTM parameter.',
};

function NotAppliedNotice({ tab }: { tab: TabKey }) {
  const text = NOT_APPLIED[tab];
  if (!text) return null;
  return (
    <p className={styles.notice} role="note" data-testid="funnel-not-applied">
      <strong>Saved for your records only.</strong> {text}
    </p>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      {children}
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

function Select<T extends string | number>({
  value,
  options,
  labels,
  onChange,
}: {
  value: T;
  options: readonly T[];
  labels?: Record<string, string>;
  onChange: (value: T) => void;
}) {
  return (
    <select value={String(value)} onChange={(e) => onChange(options.find((o) => String(o) === e.target.value)!)}>
      {options.map((o) => (
        <option key={String(o)} value={String(o)}>
          {labels?.[String(o)] ?? String(o)}
        </option>
      ))}
    </select>
  );
}

/** The six tabs of the Edit dialog over one funnel's fields and configuration. */
export function FunnelEditForm({
  value,
  onChange,
  templates,
}: {
  value: FunnelEdit;
  onChange: (next: FunnelEdit) => void;
  templates: EmailTemplate[] | undefined;
}) {
  const [tab, setTab] = useState<TabKey>('general');
  const set = <K extends keyof FunnelEdit>(key: K, v: FunnelEdit[K]) => onChange({ ...value, [key]: v });
  const setConfig = <K extends keyof FunnelConfig>(key: K, patch: Partial<FunnelConfig[K]>) =>
    onChange({ ...value, config: { ...value.config, [key]: { ...value.config[key], ...patch } } });
  const { landingPage, popup, emailTemplates, process, tracking } = value.config;

  return (
    <Tabs tabs={TABS} value={tab} onChange={setTab} label="Funnel settings">
      <NotAppliedNotice tab={tab} />
      {tab === 'general' && (
        <div className={styles.form}>
          <Field label="Name">
            <input value={value.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field label="Title">
            <input value={value.title} maxLength={200} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field label="Subtitle">
            <input value={value.subtitle} maxLength={300} onChange={(e) => set('subtitle', e.target.value)} />
          </Field>
          <Field label="Description">
            <textarea rows={3} value={value.description} maxLength={2000} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field label="Primary colour">
            <input type="color" value={value.primaryColor} onChange={(e) => set('primaryColor', e.target.value)} />
          </Field>
          <Check label="Active" checked={value.isActive} onChange={(v) => set('isActive', v)} />
        </div>
      )}
      {tab === 'landing' && (
        <div className={styles.form}>
          <Field label="Headline">
            <input value={landingPage.headline} maxLength={200} onChange={(e) => setConfig('landingPage', { headline: e.target.value })} />
          </Field>
          <Field label="Subheadline">
            <input
              value={landingPage.subheadline}
              maxLength={300}
              onChange={(e) => setConfig('landingPage', { subheadline: e.target.value })}
            />
          </Field>
          <Field label="Button text">
            <input value={landingPage.ctaText} maxLength={60} onChange={(e) => setConfig('landingPage', { ctaText: e.target.value })} />
          </Field>
          <Field label="Layout">
            <Select value={landingPage.layout} options={LANDING_LAYOUTS} onChange={(layout) => setConfig('landingPage', { layout })} />
          </Field>
        </div>
      )}
      {tab === 'popup' && (
        <div className={styles.form}>
          <Check label="Show a popup" checked={popup.enabled} onChange={(enabled) => setConfig('popup', { enabled })} />
          <Field label="Trigger">
            <Select
              value={popup.trigger}
              options={POPUP_TRIGGERS}
              labels={TRIGGER_LABELS}
              onChange={(trigger) => setConfig('popup', { trigger })}
            />
          </Field>
          {(popup.trigger === 'time' || popup.trigger === 'scroll') && (
            <Field label={popup.trigger === 'time' ? 'Delay (seconds)' : 'Scroll depth (%)'}>
              <input
                type="number"
                min={0}
                max={popup.trigger === 'scroll' ? 100 : 600}
                value={popup.triggerValue}
                onChange={(e) =>
                  setConfig('popup', {
                    triggerValue: Math.max(0, Math.min(popup.trigger === 'scroll' ? 100 : 600, Math.round(Number(e.target.value) || 0))),
                  })
                }
              />
            </Field>
          )}
          <Field label="Size">
            <Select value={popup.size} options={POPUP_SIZES} labels={POPUP_SIZE_LABELS} onChange={(size) => setConfig('popup', { size })} />
          </Field>
          <Field label="Frequency">
            <Select
              value={popup.frequency}
              options={POPUP_FREQUENCIES}
              labels={FREQUENCY_LABELS}
              onChange={(frequency) => setConfig('popup', { frequency })}
            />
          </Field>
          <Field label="Popup headline">
            <input value={popup.headline} maxLength={200} onChange={(e) => setConfig('popup', { headline: e.target.value })} />
          </Field>
        </div>
      )}
      {tab === 'emails' && (
        <div className={styles.form}>
          {(templates ?? []).map((template) => {
            const key = TEMPLATE_KEYS[template.type];
            const current = emailTemplates[key];
            return (
              <fieldset key={template.type} className={styles.panel}>
                <legend>
                  <strong>{template.name}</strong> <Badge tone="gray">{template.type}</Badge>
                </legend>
                <p className={styles.muted}>{template.description}</p>
                <Check
                  label="Send this e-mail"
                  checked={current.enabled}
                  onChange={(enabled) => setConfig('emailTemplates', { [key]: { ...current, enabled } })}
                />
                <Field label="Subject">
                  <input
                    value={current.subject}
                    placeholder={template.subject}
                    maxLength={200}
                    onChange={(e) => setConfig('emailTemplates', { [key]: { ...current, subject: e.target.value } })}
                  />
                </Field>
              </fieldset>
            );
          })}
          {!templates && <p className={styles.muted}>Loading templates...</p>}
        </div>
      )}
      {tab === 'process' && (
        <div className={styles.form}>
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
            </li>
            <li>
              <Check
                label="3. E-mail delivery"
                checked={process.emailDelivery}
                onChange={(emailDelivery) => setConfig('process', { emailDelivery })}
              />
            </li>
            <li>
              <Check
                label="4. Follow-up sequence (optional)"
                checked={process.followUpSequence}
                onChange={(followUpSequence) => setConfig('process', { followUpSequence })}
              />
            </li>
          </ol>
          <Field label="Confirmation e-mail">
            <Select
              value={process.confirmationDelay}
              options={CONFIRMATION_DELAYS}
              labels={DELAY_LABELS}
              onChange={(confirmationDelay) => setConfig('process', { confirmationDelay })}
            />
          </Field>
          <Field label="Audit report e-mail">
            <Select
              value={process.reportDelay}
              options={REPORT_DELAYS}
              labels={DELAY_LABELS}
              onChange={(reportDelay) => setConfig('process', { reportDelay })}
            />
          </Field>
        </div>
      )}
      {tab === 'tracking' && (
        <div className={styles.form}>
          <fieldset className={styles.form}>
            <legend>Conversion goals</legend>
            {CONVERSION_GOALS.map((goal) => (
              <Check
                key={goal}
                label={GOAL_LABELS[goal]!}
                checked={tracking.goals.includes(goal)}
                onChange={(on) =>
                  setConfig('tracking', { goals: CONVERSION_GOALS.filter((g) => (g === goal ? on : tracking.goals.includes(g))) })
                }
              />
            ))}
          </fieldset>
          <Field label="Attribution window">
            <Select
              value={tracking.attributionWindowDays}
              options={ATTRIBUTION_WINDOWS}
              labels={{ 1: '1 day', 7: '7 days', 30: '30 days' }}
              onChange={(attributionWindowDays) => setConfig('tracking', { attributionWindowDays })}
            />
          </Field>
          <fieldset className={styles.form}>
            <legend>UTM parameters to record</legend>
            {(['source', 'medium', 'campaign', 'content'] as const).map((p) => (
              <Check
                key={p}
                label={`utm_${p}`}
                checked={tracking.utm[p]}
                onChange={(on) => setConfig('tracking', { utm: { ...tracking.utm, [p]: on } })}
              />
            ))}
          </fieldset>
        </div>
      )}
    </Tabs>
  );
}
