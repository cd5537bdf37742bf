import { useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import styles from './admin-ui.module.css';

/**
 * A save made on a version someone else has since saved over is refused by the server (409)
 * with who changed it and when. Every editor of the admin (a funnel, a settings section, an A/B
 * test) shows that refusal the same way: the message, then load their version or overwrite it.
 */

/** The server's message when the error is the refusal of a save made on an older version, else null. */
export function staleSaveRefusal(error: unknown): string | null {
  if (!(error instanceof Error && error.message.startsWith('409: '))) return null;
  return serverMessage(error) ?? 'This was changed by someone else after you opened it.';
}

/**
 * The refusal an editor holds while the owner decides, with the save that was refused, and the
 * two ways on: `latest` reads the section as stored now; "Load their version" hands it to
 * `onReload` (which drops what was typed), "Overwrite with mine" sends the refused change again
 * on its version (`resend`).
 */
export function useStaleSave<T, L extends { version: number }>({
  latest,
  onReload,
  resend,
}: {
  latest: () => Promise<L | undefined>;
  onReload?: (latest: L) => void;
  resend: (change: T, version: number) => void;
}) {
  const [stale, setStale] = useState<{ message: string; change: T } | null>(null);
  const reload = async () => {
    const stored = await latest();
    if (!stored) return;
    onReload?.(stored);
    setStale(null);
  };
  const overwrite = async () => {
    const stored = await latest();
    if (stored && stale) resend(stale.change, stored.version);
  };
  return {
    /** True, and the notice shown, when `error` is such a refusal of `change`. */
    caught: (error: unknown, change: T) => {
      const message = staleSaveRefusal(error);
      if (message) setStale({ message, change });
      return message !== null;
    },
    clear: () => setStale(null),
    /** The notice while a refusal is held, else nothing. */
    notice: (busy: boolean, testId: string) =>
      stale && (
        <StaleSaveNotice
          message={stale.message}
          onReload={() => void reload()}
          onOverwrite={() => void overwrite()}
          busy={busy}
          testId={testId}
        />
      ),
  };
}

/** A notice appears above the fields; on a phone the Save button is far below it. */
const showNotice = (notice: HTMLElement | null) => notice?.scrollIntoView({ block: 'nearest' });

export function StaleSaveNotice({
  message,
  onReload,
  onOverwrite,
  busy = false,
  testId = 'stale-save',
}: {
  message: string;
  onReload: () => void;
  onOverwrite: () => void;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.notice} role="alert" data-testid={testId} ref={showNotice}>
      <p>{message}</p>
      <div className={styles.actions}>
        <button type="button" className="button button-outline" onClick={onReload} disabled={busy}>
          Load their version
        </button>
        <button type="button" className="button" onClick={onOverwrite} disabled={busy}>
          Overwrite with mine
        </button>
      </div>
    </div>
  );
}
