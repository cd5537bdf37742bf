import { getRouteApi, Link } from '@tanstack/react-router';
import { ContentLayout } from '../../components/layouts/content-layout';

const route = getRouteApi('/_public/blog/$id');

export function BlogPostRoute() {
  const { id } = route.useParams();
  return (
    <ContentLayout title="Case Study">
      <p>The challenge, solution and outcome of the “{id}” project.</p>
      <Link to="/blog">Back to Blog</Link>
    </ContentLayout>
  );
}
