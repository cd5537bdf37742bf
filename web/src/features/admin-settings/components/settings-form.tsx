import { useMemo, useRef, useState, type FormEvent } from 'react';
import { SETTING_RULES, settingKeys, settingProblem, type SettingCategory } from '@curb/contracts/settings';
import { settingsObject } from '@curb/contracts/settings-values';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/admin-form.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useStaleSave } from '@/components/admin/stale-save-notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { SelectField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { useSettings, useUpdateSettings } from '../api/settings';

const TITLES: Record<SettingCategory, { title: string; fetchError: string }> = {
  analytics: { title: 'Analytics & Tracking', fetchError: 'Failed to fetch analytics settings' },
  seo: { title: 'Search Engine Optimisation', fetchError: 'Failed to fetch SEO settings' },
  contact: { title: 'Report Contact', fetchError: 'Failed to fetch contact settings' },
  traffic: { title: 'Traffic', fetchError: 'Failed to fetch traffic settings' },
};

/** Keys with a fixed set of values get a select instead of a text field. */
const CHOICES: Record<string, readonly string[]> = { twitter_card_type: ['summary', 'summary_large_image'] };

/** One category's settings: every key with its rule, checked as typed and again by the server. */
export function SettingsForm({ category }: { category: SettingCategory }) {
  const settings = useSettings(category);
  const update = useUpdateSettings(category);
  const { toast } = useToast();
  const keys = settingKeys(category);
  const rules = SETTING_RULES[category] as Record<string, { label: string; hint: string; effect: string }>;
  const saved = useMemo(() => settingsObject(settings.data?.values ?? []) as Record<string, string>, [settings.data]);
  // Only what the owner typed is held here, apart from what is saved: a refetch or another
  // section's save never replaces a typed value, and a save clears just the keys it stored.
  const [edits, setEdits] = useState<Record<string, string>>({});
  // The version the owner started typing on: a save is made on it, so one made after someone
  // else saved the category is refused rather than silently undoing theirs.
  const [base, setBase] = useState<number | null>(null);
  const stale = useStaleSave({
    latest: async () => (await settings.refetch()).data,
    // Their version: what the owner typed is dropped.
    onReload: (latest) => {
      setEdits({});
      setBase(latest.version);
    },
    resend: (sent: Record<string, string>, version) => send(sent, version),
  });
  const [refused, setRefused] = useState<FieldProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = (k: string) => edits[k] ?? saved[k] ?? '';
  const edit = (key: string, value: string) => {
    if (Object.keys(edits).length === 0) setBase(settings.data?.version ?? null);
    setEdits((v) => ({ ...v, [key]: value }));
  };

  const problems = Object.fromEntries(keys.map((k) => [k, settingProblem(category, k, shown(k).trim())]));
  const changed = keys.filter((k) => shown(k).trim() !== (saved[k] ?? ''));
  const invalid = keys.some((k) => problems[k]);

  const send = (sent: Record<string, string>, baseVersion: number) => {
    setRefused(null);
    stale.clear();
    update.mutate(
      { values: sent, baseVersion },
      {
        onSuccess: (section) => {
          setEdits((e) => Object.fromEntries(Object.entries(e).filter(([k, v]) => !(k in sent) || v.trim() !== sent[k])));
          setBase(section.version);
          toast({ title: 'Settings saved', description: `${TITLES[category].title} settings were updated.` });
        },
        onError: (error) => {
          if (stale.caught(error, sent)) return;
          if (showAtField(formRef.current, error, (field, message) => setRefused({ field, message }))) return;
          toast({ title: 'Could not save settings', description: serverProblem(error).message, variant: 'destructive' });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || changed.length === 0 || !settings.data) return;
    send(Object.fromEntries(changed.map((k) => [k, shown(k).trim()])), base ?? settings.data.version);
  };

  if (settings.isPending)
    return (
      <Panel title={TITLES[category].title}>
        <LoadingView />
      </Panel>
    );
  if (settings.isError) {
    return (
      <Panel title={TITLES[category].title}>
        <ErrorView message={TITLES[category].fetchError} onRetry={() => void settings.refetch()} />
      </Panel>
    );
  }
  return (
    <Panel title={TITLES[category].title}>
      {stale.notice(update.isPending, `settings-stale-${category}`)}
      <form ref={formRef} onSubmit={submit} className={formStyles.form} aria-label={`${TITLES[category].title} settings`}>
        {keys.map((key) => {
          const problem = (shown(key) ? problems[key] : undefined) ?? (refused?.field === key ? refused.message : undefined);
          const field = {
            label: rules[key]!.label,
            name: key,
            value: shown(key),
            error: problem,
            hint: `${rules[key]!.effect} Empty: not used. Format: ${rules[key]!.hint}.`,
          };
          return CHOICES[key] ? (
            <SelectField key={key} {...field} onChange={(e) => edit(key, e.target.value)}>
              <option value="">Not set</option>
              {CHOICES[key].map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField key={key} {...field} onChange={(e) => edit(key, e.target.value)} autoComplete="off" spellCheck={false} />
          );
        })}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={invalid || changed.length === 0 || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
          {changed.length > 0 && !update.isPending && (
            <span className={formStyles.unsaved} role="status">
              Unsaved changes: {changed.map((k) => rules[k]!.label).join(', ')}
            </span>
          )}
        </div>
      </form>
    </Panel>
  );
}
