import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useToast } from '@/components/ui/toast/use-toast';
import styles from './admin-ui.module.css';
import { Badge } from './badge';
import { ErrorView, LoadingView } from './error-view';
import { formatDateTime } from './format';
import { serverProblem } from '@/lib/server-message';
import { useContentVersions, useRestoreVersion } from './owner-content-client';

/** One saved version as a history lists it: who saved it, when, and what it changed where that is kept. */
export interface HistoryEntry {
  version: number;
  changedAt: string;
  changedBy: string;
  revertedTo: number | null;
  /** The changed fields by their labels (a funnel's history keeps them). */
  changes?: string[];
}

/**
 * Every saved version of something the owner edits (a funnel, the profile, a list, a post),
 * newest first; any earlier one can be restored, and becomes the next version. The caller
 * loads the history and restores (`onRestore`), and says what it did.
 */
export function VersionHistoryDialog({
  name,
  history,
  restoring,
  onRestore,
  onClose,
  empty,
  testId,
}: {
  name: string;
  history: { isPending: boolean; isError: boolean; data?: HistoryEntry[] | undefined; refetch: () => unknown };
  restoring: boolean;
  onRestore: (version: number) => void;
  onClose: () => void;
  /** Said when nothing was saved yet. */
  empty: string;
  testId: string;
}) {
  const current = history.data?.[0]?.version;
  return (
    <Dialog open variant="panel" title={`History of ${name}`} onClose={onClose}>
      {history.isPending ? (
        <LoadingView label="Loading history..." />
      ) : history.isError || !history.data ? (
        <ErrorView message="Failed to load the history" onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ol className={styles.steps} aria-label="Versions">
          {history.data.map((v) => (
            <li key={v.version} data-testid={testId}>
              <div>
                <strong>Version {v.version}</strong> {v.version === current && <Badge tone="green">Live</Badge>}
                <br />
                <small className={styles.muted}>
                  {formatDateTime(v.changedAt)} by {v.changedBy}
                  {v.revertedTo !== null && ` — restored version ${v.revertedTo}`}
                </small>
                {v.changes && <p>{v.changes.length ? v.changes.join('; ') : v.version === 1 ? 'As installed' : 'No field changed'}</p>}
              </div>
              {v.version !== current && (
                <button
                  type="button"
                  className={`button button-outline ${styles.smallButton}`}
                  disabled={restoring}
                  aria-label={`Restore version ${v.version}`}
                  onClick={() => onRestore(v.version)}
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

/**
 * A "History" button and the dialog it opens, for the owner's profile, a list or a post.
 */
export function VersionHistory<T>({ subject, name, onRestored }: { subject: string; name: string; onRestored: (saved: T) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-outline" onClick={() => setOpen(true)} aria-label={`History of ${name}`}>
        History
      </button>
      {open && <ContentHistoryDialog subject={subject} name={name} onRestored={onRestored} onClose={() => setOpen(false)} />}
    </>
  );
}

function ContentHistoryDialog<T>({
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
  return (
    <VersionHistoryDialog
      name={name}
      history={history}
      restoring={restore.isPending}
      onClose={onClose}
      empty="Nothing saved yet: the site shows the sample this install started with."
      testId="content-version"
      onRestore={(version) =>
        restore.mutate(version, {
          onSuccess: () => {
            toast({ title: 'Restored', description: `Version ${version} of ${name} is live again.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Could not restore', description: serverProblem(error).message, variant: 'destructive' }),
        })
      }
    />
  );
}
