import { SettingsPage } from '@/features/admin-settings/components/settings-page';

export function SettingsRoute() {
  return <SettingsPage />;
}
