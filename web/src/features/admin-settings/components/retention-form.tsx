import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, retentionProblem } from '@curb/contracts/retention';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/admin-form.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useStaleSave } from '@/components/admin/stale-save-notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { TextField } from '@/components/ui/form/field';
import { serverMessage } from '@/lib/server-message';
import { useEventRetention, useUpdateEventRetention } from '../api/retention';

const TITLE = 'Data Retention';

/** How long tracking events are kept; older events (and their daily rollups) are deleted. */
export function RetentionForm() {
  const retention = useEventRetention();
  const update = useUpdateEventRetention();
  const { toast } = useToast();
  const saved = retention.data?.eventsDays;
  const [value, setValue] = useState('');
  // The version the shown value was loaded at: the save is made on it.
  const [base, setBase] = useState<number | null>(null);
  const stale = useStaleSave({
    latest: async () => (await retention.refetch()).data,
    // Their value replaces the typed one.
    onReload: (latest) => {
      setValue(String(latest.eventsDays));
      setBase(latest.version);
    },
    resend: (eventsDays: number, version) => send(eventsDays, version),
  });
  useEffect(() => {
    setValue(saved === undefined ? '' : String(saved));
    setBase(retention.data?.version ?? null);
  }, [saved, retention.data?.version]);

  const days = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  const problem = retentionProblem(days);
  const unchanged = days === saved;
  const unsaved = saved !== undefined && value.trim() !== String(saved);

  const send = (eventsDays: number, baseVersion: number) => {
    stale.clear();
    update.mutate(
      { eventsDays, baseVersion },
      {
        onSuccess: (saved) =>
          saved.applied
            ? toast({ title: 'Settings saved', description: `Tracking events are now kept for ${eventsDays} days.` })
            : toast({
                title: 'Saved, not yet applied',
                description: saved.message ?? 'The event store did not take the change yet.',
                variant: 'destructive',
              }),
        onError: (error) => {
          if (stale.caught(error, eventsDays)) return;
          toast({ title: 'Could not save settings', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || unchanged || base === null) return;
    send(days, base);
  };

  if (retention.isPending)
    return (
      <Panel title={TITLE}>
        <LoadingView />
      </Panel>
    );
  if (retention.isError) {
    return (
      <Panel title={TITLE}>
        <ErrorView message="Failed to fetch the retention setting" onRetry={() => void retention.refetch()} />
      </Panel>
    );
  }
  return (
    <Panel title={TITLE}>
      {stale.notice(update.isPending, 'settings-stale-retention')}
      <form onSubmit={submit} className={formStyles.form} aria-label={`${TITLE} settings`}>
        <TextField
          label="Keep tracking events for (days)"
          name="events_days"
          type="number"
          inputMode="numeric"
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={problem}
          hint={
            `${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS} days (default ${DEFAULT_RETENTION_DAYS}). ` +
            'Older events and their dashboard figures are deleted.'
          }
        />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={Boolean(problem) || unchanged || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
          {unsaved && !update.isPending && (
            <span className={formStyles.unsaved} role="status">
              Unsaved changes
            </span>
          )}
        </div>
      </form>
    </Panel>
  );
}
