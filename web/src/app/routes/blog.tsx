import { BlogList } from '@/features/blog/components/blog-list';

export function BlogRoute() {
  return <BlogList />;
}
