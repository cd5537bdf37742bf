import type { SelfCheckItem } from '@curb/contracts/self-check';
import { Panel } from '@/components/admin/admin-page';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { useSelfCheck } from '../api/dashboard';

const NAMES: Record<SelfCheckItem['id'], string> = {
  https: 'HTTPS address',
  mail: 'Mail to leads',
  backups: 'Daily backups',
  disk: 'Free disk',
  admin: 'Admin account',
};

/** What a server needs right before leads arrive; the same items the start prints, each with its fix. */
export function SelfCheckPanel() {
  const check = useSelfCheck();
  const items = check.data?.items;
  const failing = items?.filter((i) => !i.ok).length ?? 0;
  return (
    <Panel title="Production Self-Check">
      {!items ? (
        <p className={styles.muted}>{check.isError ? 'The self-check could not be read.' : 'Checking…'}</p>
      ) : (
        <>
          <ul className={styles.steps} aria-label="Production self-check">
            {items.map((i) => (
              <li key={i.id}>
                <span>
                  <strong>{NAMES[i.id]}</strong> <span className={styles.muted}>{i.text}</span>
                  {i.fix && (
                    <>
                      {' '}
                      <span>Fix: {i.fix}</span>
                    </>
                  )}
                </span>
                <Badge tone={i.ok ? 'green' : 'yellow'}>{i.ok ? 'OK' : 'To fix'}</Badge>
              </li>
            ))}
          </ul>
          <p className={styles.muted}>{failing === 0 ? 'Ready for production.' : `${failing} of ${items.length} items to fix.`}</p>
        </>
      )}
    </Panel>
  );
}
