import { settingsObject } from '@curb/contracts/settings-values';
import { useMounted } from '@/lib/use-mounted';
import { dispatchWindowEvent, SHOW_CONSENT_BANNER_EVENT } from '@/lib/window-events';
import { useSiteSettings } from '../api/get-site-settings';
import { privacySignal } from '../utils/consent';
import { hasTags } from '../utils/tags';
import styles from './cookie-preferences-link.module.css';

/**
 * Lets a visitor change the tracking-tags choice later by showing the consent banner again.
 * Only where there is a choice: tags configured, and no Do-Not-Track / GPC (never asked then).
 */
export function CookiePreferencesLink() {
  const analytics = useSiteSettings('analytics'); // the loader's query: no second request
  // Not in the hydrating render, which must match the prerendered page (it has no link).
  const mounted = useMounted();
  if (!mounted || !hasTags(settingsObject<'analytics'>(analytics.data ?? [])) || privacySignal()) return null;
  return (
    <button type="button" className={styles.link} onClick={() => dispatchWindowEvent(SHOW_CONSENT_BANNER_EVENT)}>
      Cookie preferences
    </button>
  );
}
