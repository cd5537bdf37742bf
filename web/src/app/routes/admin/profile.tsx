import { ProfilePage } from '@/features/admin-profile/components/profile-page';

export function ProfileRoute() {
  return <ProfilePage />;
}
