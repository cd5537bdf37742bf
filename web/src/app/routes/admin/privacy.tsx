import { PrivacyPage } from '@/features/admin-privacy/components/privacy-page';

export function PrivacyRoute() {
  return <PrivacyPage />;
}
