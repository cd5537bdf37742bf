import { AdminPage } from '@/components/admin/admin-page';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { VersionHistory } from '@/components/admin/version-history';
import { useProfile, useSetProfile, type ProfileAnswer } from '../api/profile';
import { ProfileEditor } from './profile-editor';

/** The owner's profile: who the whole site (pages, contact card, report, mails) introduces. */
export function ProfilePage() {
  const profile = useProfile();
  const setProfile = useSetProfile();
  return (
    <AdminPage
      title="Profile"
      description={
        'Who your site introduces: your name, photo, how to reach you and where you work. Used on every page, in your ' +
        'contact card, the reports and every e-mail.'
      }
      actions={<VersionHistory<ProfileAnswer> subject="profile" name="your profile" onRestored={setProfile} />}
    >
      {profile.isPending ? (
        <LoadingView />
      ) : profile.isError ? (
        <ErrorView message="Failed to load your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileEditor profile={profile.data.profile} mode="full" />
      )}
    </AdminPage>
  );
}
