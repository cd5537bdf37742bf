import { ContentLayout } from '../../components/layouts/content-layout';

export function ChatRoute() {
  return (
    <ContentLayout title="Voice Assistant">
      <p>Talk with the assistant about marketing audits, services and experience, by voice or by text.</p>
    </ContentLayout>
  );
}
