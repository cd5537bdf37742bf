import { useEffect, useState } from 'react';
import type { FunnelEdit } from '@curb/contracts/funnel-config';
import { Dialog } from '@/components/admin/dialog';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { useEmailTemplates, useFunnelConfig, useSaveFunnel } from '../api/funnels';
import { FunnelEditForm } from './funnel-edit-form';

/** Spec: Save Changes shows 'Funnel Updated' and closes; unlike the spec's version, ours is stored. */
export function FunnelEditDialog({ funnelId, onClose }: { funnelId: string; onClose: () => void }) {
  const config = useFunnelConfig(funnelId);
  const templates = useEmailTemplates();
  const save = useSaveFunnel(funnelId);
  const { toast } = useToast();
  const [draft, setDraft] = useState<FunnelEdit | null>(null);
  useEffect(() => {
    if (config.data) setDraft(config.data);
  }, [config.data]);
  useEffect(() => {
    if (templates.isError) toast({ title: 'Failed to fetch templates', variant: 'destructive' });
  }, [templates.isError, toast]);

  const submit = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: 'Funnel Updated', description: 'Your funnel configuration has been saved successfully.' });
        onClose();
      },
      onError: (error) =>
        toast({ title: 'Could not save the funnel', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <Dialog
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
            onClick={submit}
            disabled={!draft || save.isPending || !draft.name.trim() || !draft.title.trim()}
          >
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </>
      }
    >
      {config.isError ? (
        <ErrorView message="Failed to load the funnel" onRetry={() => void config.refetch()} />
      ) : draft ? (
        <FunnelEditForm value={draft} onChange={setDraft} templates={templates.data} />
      ) : (
        <LoadingView />
      )}
    </Dialog>
  );
}
