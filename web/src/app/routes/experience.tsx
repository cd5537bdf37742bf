import { ContentLayout } from '../../components/layouts/content-layout';

export function ExperienceRoute() {
  return (
    <ContentLayout title="Experience">
      <p>Fifteen years of real estate operations, marketing and team leadership, role by role.</p>
    </ContentLayout>
  );
}
