import { ContentLayout } from '../../../components/layouts/content-layout';

export function SettingsRoute() {
  return (
    <ContentLayout title="Settings">
      <p>Tracking and search-engine settings applied to every page of the site.</p>
    </ContentLayout>
  );
}
