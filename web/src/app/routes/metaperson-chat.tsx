import { ContentLayout } from '../../components/layouts/content-layout';

export function MetapersonChatRoute() {
  return (
    <ContentLayout title="Avatar Assistant">
      <p>Talk with the assistant through a 3D avatar, by voice or by text.</p>
    </ContentLayout>
  );
}
