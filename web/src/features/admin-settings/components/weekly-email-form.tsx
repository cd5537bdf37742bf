import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/admin-form.module.css';
import type { WeeklyEmailSetting } from '@curb/contracts/traffic-attribution';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useStaleSave } from '@/components/admin/stale-save-notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { CheckboxField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { useUpdateWeeklyEmail, useWeeklyEmail } from '../api/weekly-email';

const TITLE = 'Weekly Traffic E-mail';

/** The owner's opt-in to a Monday e-mail of last week's traffic and new leads, and the address it goes to. */
export function WeeklyEmailForm() {
  const setting = useWeeklyEmail();
  const update = useUpdateWeeklyEmail();
  const { toast } = useToast();
  const [enabled, setEnabled] = useState(false);
  const [recipient, setRecipient] = useState('');
  const [refused, setRefused] = useState<FieldProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The version the shown setting was loaded at: the save is made on it.
  const [base, setBase] = useState<number | null>(null);
  // Their setting replaces what was typed (the effect below shows it).
  const stale = useStaleSave({
    latest: async () => (await setting.refetch()).data,
    resend: (change: WeeklyEmailSetting, version) => send(change, version),
  });
  useEffect(() => {
    if (!setting.data) return;
    setEnabled(setting.data.enabled);
    setRecipient(setting.data.recipient);
    setBase(setting.data.version);
  }, [setting.data]);
  const unchanged = setting.data?.enabled === enabled && setting.data.recipient === recipient.trim();

  const send = (change: WeeklyEmailSetting, baseVersion: number) => {
    stale.clear();
    update.mutate(
      { ...change, baseVersion },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Settings saved',
            description: saved.enabled ? `The weekly e-mail goes to ${saved.recipient} on Monday mornings.` : 'The weekly e-mail is off.',
          }),
        onError: (error) => {
          if (stale.caught(error, change)) return;
          if (showAtField(formRef.current, error, (field, message) => setRefused({ field, message }))) return;
          toast({ title: 'Could not save settings', description: serverProblem(error).message, variant: 'destructive' });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (base !== null) send({ enabled, recipient: recipient.trim() }, base);
  };
  if (setting.isPending)
    return (
      <Panel title={TITLE}>
        <LoadingView />
      </Panel>
    );
  if (setting.isError)
    return (
      <Panel title={TITLE}>
        <ErrorView message="Failed to fetch the weekly e-mail setting" onRetry={() => void setting.refetch()} />
      </Panel>
    );
  return (
    <Panel title={TITLE}>
      {stale.notice(update.isPending, 'settings-stale-weekly-email')}
      <form ref={formRef} onSubmit={submit} className={formStyles.form} aria-label={`${TITLE} settings`}>
        <CheckboxField
          label="Send me last week's traffic every Monday"
          name="enabled"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <TextField
          label="Send it to"
          name="recipient"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={recipient}
          error={refused?.field === 'recipient' ? refused.message : null}
          onChange={(e) => {
            setRecipient(e.target.value);
            setRefused(null);
          }}
          hint={
            'Visitors, visits, pageviews and leads against the week before, and the new leads by name, around 7:00 on Monday in the ' +
            'Traffic time zone. Without a mail service set up, it is written to the outbox instead.'
          }
        />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={unchanged || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
