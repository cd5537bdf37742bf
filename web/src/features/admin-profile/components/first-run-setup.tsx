import { useState } from 'react';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { useProfile } from '../api/profile';
import { ProfileEditor } from './profile-editor';

/** Remembered in this browser so that "Skip for now" is not asked again at every sign-in. */
const SKIPPED_KEY = 'curb.profile-setup.skipped';

const skippedBefore = () => {
  try {
    return window.localStorage.getItem(SKIPPED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Where the owner lands after signing in, while the site still shows the sample person: the few
 * things every page needs, saved as the profile in one step, or skipped (the banner stays).
 */
export function FirstRunSetup() {
  const profile = useProfile();
  const [skipped, setSkipped] = useState(skippedBefore);
  if (!profile.data?.isSample || skipped) return null;
  const skip = () => {
    try {
      window.localStorage.setItem(SKIPPED_KEY, '1');
    } catch {
      // Without storage the setup is offered again next time, which is harmless.
    }
    setSkipped(true);
  };
  return (
    <Panel title="Set up your site">
      <p className={adminStyles.muted}>
        Your site introduces {profile.data.profile.name}, the sample profile it was installed with. Tell it who you are; everything else can
        be changed later on the Profile page.
      </p>
      <ProfileEditor
        profile={profile.data.profile}
        mode="setup"
        actions={
          <button type="button" className="button button-outline" onClick={skip}>
            Skip for now
          </button>
        }
      />
    </Panel>
  );
}
