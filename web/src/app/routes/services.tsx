import { ContentLayout } from '../../components/layouts/content-layout';

export function ServicesRoute() {
  return (
    <ContentLayout title="Services">
      <p>Marketing audits, team leadership and operations consulting for real estate agents, teams and small businesses.</p>
    </ContentLayout>
  );
}
