import { ContentPage } from '@/features/admin-content/components/content-page';

export function ContentRoute() {
  return <ContentPage />;
}
