import { VersionHistoryDialog } from '@/components/admin/version-history';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { useFunnelHistory, useRevertFunnel } from '../api/funnels';

/** Every saved version of a funnel, newest first: who, when, what changed; any earlier one can be restored (as a new version). */
export function FunnelHistoryDialog({ funnelId, name, onClose }: { funnelId: string; name: string; onClose: () => void }) {
  const history = useFunnelHistory(funnelId);
  const revert = useRevertFunnel(funnelId);
  const { toast } = useToast();
  return (
    <VersionHistoryDialog
      name={name}
      history={history}
      restoring={revert.isPending}
      onClose={onClose}
      empty="Nothing saved yet."
      testId="funnel-version"
      onRestore={(version) =>
        revert.mutate(version, {
          onSuccess: (saved) =>
            toast({ title: 'Funnel restored', description: `Version ${version} is live again (as version ${saved.version}).` }),
          onError: (error) =>
            toast({ title: 'Could not restore', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
        })
      }
    />
  );
}
