import { useEffect, useState } from 'react';
import { FUNNEL_FIELD_PATHS, type FunnelEdit, type FunnelEditResponse } from '@curb/contracts/funnel-config';
import styles from '@/components/admin/admin-ui.module.css';
import { Dialog } from '@/components/ui/dialog/dialog';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useStaleSave } from '@/components/admin/stale-save-notice';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { useEmailTemplates, useFunnelConfig, useSaveFunnel } from '../api/funnels';
import { FunnelEditForm } from './funnel-edit-form';

/**
 * Save Changes shows 'Funnel Updated' and closes. Each save is stored as a new version that the
 * site applies within seconds; a refused save is shown at the field it names (its tab opened) and
 * keeps the dialog open. A save
 * made on a version someone else has since saved over is refused by the server: the dialog then
 * says who changed it and when, and offers to load their version or overwrite it with this one.
 */
/** A notice appears above the fields; on a phone the Save button is far below it. */
const showNotice = (notice: HTMLElement | null) => notice?.scrollIntoView({ block: 'nearest' });
/** A refusal the form shows at one of its fields (else it is said above them). */
const atAField = (problem: FieldProblem) => (FUNNEL_FIELD_PATHS as readonly string[]).includes(problem.field ?? '');

export function FunnelEditDialog({ funnelId, onClose }: { funnelId: string; onClose: () => void }) {
  const config = useFunnelConfig(funnelId);
  const templates = useEmailTemplates();
  const save = useSaveFunnel(funnelId);
  const { toast } = useToast();
  const [draft, setDraft] = useState<FunnelEdit | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  /** The version the draft was made on: the base of the save. */
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const stale = useStaleSave({
    latest: async () => (await config.refetch()).data ?? undefined,
    // Their version replaces the draft; overwriting saves this draft on theirs.
    onReload: (stored: FunnelEditResponse) => load(stored),
    resend: (_: null, version) => submit(version),
  });
  const load = (loaded: FunnelEditResponse) => {
    const { version, ...edit } = loaded;
    setDraft(edit);
    setBaseVersion(version);
  };
  // Loaded once: a later read of the funnel (after a refused save) must not wipe the owner's edits.
  useEffect(() => {
    if (config.data && draft === null) load(config.data);
  }, [config.data, draft]);
  useEffect(() => {
    if (templates.isError) toast({ title: 'Failed to fetch templates', variant: 'destructive' });
  }, [templates.isError, toast]);

  const submit = (base = baseVersion) => {
    if (!draft || base === null) return;
    setProblem(null);
    save.mutate(
      { ...draft, baseVersion: base },
      {
        onSuccess: () => {
          toast({ title: 'Funnel Updated', description: 'Your funnel configuration has been saved successfully.' });
          onClose();
        },
        onError: (error) => {
          if (stale.caught(error, null)) return;
          const refusal = serverProblem(error);
          setProblem(refusal);
          // A refusal at a field is said there; one about the whole funnel also goes in a toast.
          if (!atAField(refusal)) toast({ title: 'Could not save the funnel', description: refusal.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open
      variant="panel"
      title={`Edit ${draft?.name ?? 'Funnel'}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            onClick={() => submit()}
            disabled={!draft || save.isPending || !draft.name.trim() || !draft.title.trim()}
          >
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </>
      }
    >
      {stale.notice(save.isPending, 'funnel-save-stale')}
      {problem && !atAField(problem) && (
        <p className={styles.notice} role="alert" data-testid="funnel-save-problem" ref={showNotice}>
          {problem.message}
        </p>
      )}
      {config.isError ? (
        <ErrorView message="Failed to load the funnel" onRetry={() => void config.refetch()} />
      ) : draft ? (
        <FunnelEditForm
          funnelId={funnelId}
          value={draft}
          onChange={(next) => {
            setProblem(null);
            setDraft(next);
          }}
          templates={templates.data}
          problem={problem}
        />
      ) : (
        <LoadingView />
      )}
    </Dialog>
  );
}
