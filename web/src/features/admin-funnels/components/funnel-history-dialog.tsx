import styles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { Dialog } from '@/components/ui/dialog/dialog';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatDateTime } from '@/components/admin/format';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { useFunnelHistory, useRevertFunnel } from '../api/funnels';

/** Every saved version of a funnel, newest first: who, when, what changed; any earlier one can be restored (as a new version). */
export function FunnelHistoryDialog({ funnelId, name, onClose }: { funnelId: string; name: string; onClose: () => void }) {
  const history = useFunnelHistory(funnelId);
  const revert = useRevertFunnel(funnelId);
  const { toast } = useToast();
  const current = history.data?.[0]?.version;
  return (
    <Dialog open variant="panel" title={`History of ${name}`} onClose={onClose}>
      {history.isPending ? (
        <LoadingView label="Loading history..." />
      ) : history.isError ? (
        <ErrorView message="Failed to load the history" onRetry={() => void history.refetch()} />
      ) : (
        <ol className={styles.steps} aria-label="Versions">
          {history.data.map((v) => (
            <li key={v.version} data-testid="funnel-version">
              <div>
                <strong>Version {v.version}</strong> {v.version === current && <Badge tone="green">Live</Badge>}
                <br />
                <small className={styles.muted}>
                  {formatDateTime(v.changedAt)} by {v.changedBy}
                  {v.revertedTo !== null && ` — restored version ${v.revertedTo}`}
                </small>
                <p>{v.changes.length ? v.changes.join('; ') : v.version === 1 ? 'As installed' : 'No field changed'}</p>
              </div>
              {v.version !== current && (
                <button
                  type="button"
                  className={`button button-outline ${styles.smallButton}`}
                  disabled={revert.isPending}
                  aria-label={`Restore version ${v.version}`}
                  onClick={() =>
                    revert.mutate(v.version, {
                      onSuccess: (saved) =>
                        toast({
                          title: 'Funnel restored',
                          description: `Version ${v.version} is live again (as version ${saved.version}).`,
                        }),
                      onError: (error) =>
                        toast({
                          title: 'Could not restore',
                          description: serverMessage(error) ?? 'Please try again.',
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
