import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useToast } from '@/components/ui/toast/use-toast';
import styles from './admin-ui.module.css';
import { Badge } from './badge';
import { ErrorView, LoadingView } from './error-view';
import { formatDateTime } from './format';
import { serverProblem, useContentVersions, useRestoreVersion } from './owner-content-client';

/**
 * A "History" button and the dialog it opens: every saved version of a profile, a list or a
 * post, newest first; any earlier one can be restored (it becomes the next version).
 */
export function VersionHistory<T>({ subject, name, onRestored }: { subject: string; name: string; onRestored: (saved: T) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => setOpen(true)} aria-label={`History of ${name}`}>
        History
      </button>
      {open && <HistoryDialog subject={subject} name={name} onRestored={onRestored} onClose={() => setOpen(false)} />}
    </>
  );
}

function HistoryDialog<T>({
  subject,
  name,
  onRestored,
  onClose,
}: {
  subject: string;
  name: string;
  onRestored: (saved: T) => void;
  onClose: () => void;
}) {
  const history = useContentVersions(subject);
  const restore = useRestoreVersion<T>(subject, onRestored);
  const { toast } = useToast();
  const current = history.data?.[0]?.version;
  return (
    <Dialog open variant="panel" title={`History of ${name}`} onClose={onClose}>
      {history.isPending ? (
        <LoadingView label="Loading history..." />
      ) : history.isError ? (
        <ErrorView message="Failed to load the history" onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className={styles.muted}>Nothing saved yet: the site shows the sample this install started with.</p>
      ) : (
        <ol className={styles.steps} aria-label="Versions">
          {history.data.map((v) => (
            <li key={v.version} data-testid="content-version">
              <div>
                <strong>Version {v.version}</strong> {v.version === current && <Badge tone="green">Live</Badge>}
                <br />
                <small className={styles.muted}>
                  {formatDateTime(v.changedAt)} by {v.changedBy}
                  {v.revertedTo !== null && ` — restored version ${v.revertedTo}`}
                </small>
              </div>
              {v.version !== current && (
                <button
                  type="button"
                  className={`button button-outline ${styles.smallButton}`}
                  disabled={restore.isPending}
                  aria-label={`Restore version ${v.version}`}
                  onClick={() =>
                    restore.mutate(v.version, {
                      onSuccess: () => {
                        toast({ title: 'Restored', description: `Version ${v.version} of ${name} is live again.` });
                        onClose();
                      },
                      onError: (error) =>
                        toast({ title: 'Could not restore', description: serverProblem(error).message, variant: 'destructive' }),
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
