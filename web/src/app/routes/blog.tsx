import { ContentLayout } from '../../components/layouts/content-layout';

export function BlogRoute() {
  return (
    <ContentLayout title="Case Studies">
      <p>How real estate teams grew their volume, brand and operations: six projects, start to finish.</p>
    </ContentLayout>
  );
}
