import { getRouteApi } from '@tanstack/react-router';
import { BlogPost } from '@/features/blog/components/blog-post';

const route = getRouteApi('/_public/blog/$id');

export function BlogPostRoute() {
  return <BlogPost post={route.useLoaderData()} />;
}
