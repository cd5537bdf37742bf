import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OWNER_CONTENT_ROUTES,
  type AdminPost,
  type ContentListKind,
  type PageTexts,
  type PostEdit,
  type SiteContent,
} from '@curb/contracts/owner-content';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const listPath = (kind: ContentListKind) => OWNER_CONTENT_ROUTES.list.replace(':kind', kind);
const postPath = (id: string) => OWNER_CONTENT_ROUTES.post.replace(':id', encodeURIComponent(id));
const postsKey = [OWNER_CONTENT_ROUTES.posts];

export const useContentList = <T>(kind: ContentListKind) =>
  useQuery({ queryKey: [listPath(kind)], queryFn: getQueryFn<T[]>({ on401: 'throw' }) });

/** Puts a list as the server now holds it (after a save or a restore) where the editor reads it. */
export function useSetContentList<T>(kind: ContentListKind) {
  const queryClient = useQueryClient();
  return (items: T[]) => queryClient.setQueryData([listPath(kind)], items);
}

/** Saves a whole list (its order too) as its next version. */
export function useSaveContentList<T>(kind: ContentListKind) {
  const setList = useSetContentList<T>(kind);
  return useMutation({
    mutationFn: async (items: T[]) => (await (await apiRequest('PUT', listPath(kind), items)).json()) as T[],
    onSuccess: setList,
  });
}

const pageTextsKey = [OWNER_CONTENT_ROUTES.pageTexts];

export const usePageTexts = () => useQuery({ queryKey: pageTextsKey, queryFn: getQueryFn<PageTexts>({ on401: 'throw' }) });

/** Puts the descriptions as the server now holds them (after a save or a restore) where the editor reads them. */
export function useSetPageTexts() {
  const queryClient = useQueryClient();
  return (texts: PageTexts) => {
    queryClient.setQueryData(pageTextsKey, texts);
    // The defaults shown beside them are the site's, which a save may change.
    void queryClient.invalidateQueries({ queryKey: siteContentKey });
  };
}

export function useSavePageTexts() {
  const setTexts = useSetPageTexts();
  return useMutation({
    mutationFn: async (texts: PageTexts) => (await (await apiRequest('PUT', OWNER_CONTENT_ROUTES.pageTexts, texts)).json()) as PageTexts,
    onSuccess: setTexts,
  });
}

const siteContentKey = [OWNER_CONTENT_ROUTES.siteContent];

/** The bundle the public site renders now: what a page without the owner's description falls back to. */
export const useSiteBundle = () =>
  useQuery({ queryKey: siteContentKey, queryFn: getQueryFn<SiteContent>({ on401: 'throw' }), refetchOnMount: 'always' });

export const usePosts = () => useQuery({ queryKey: postsKey, queryFn: getQueryFn<AdminPost[]>({ on401: 'throw' }) });

/** Keeps the posts list in step with one post as the server now holds it. */
export function useSetPost() {
  const queryClient = useQueryClient();
  return (post: AdminPost) =>
    queryClient.setQueryData<AdminPost[]>(postsKey, (posts) =>
      posts?.some((p) => p.id === post.id) ? posts.map((p) => (p.id === post.id ? post : p)) : [post, ...(posts ?? [])],
    );
}

/** Creates the post (no id yet) or saves its next version. */
export function useSavePost() {
  const setPost = useSetPost();
  return useMutation({
    mutationFn: async ({ id, edit }: { id: string | null; edit: PostEdit }) =>
      (await (await apiRequest(id ? 'PUT' : 'POST', id ? postPath(id) : OWNER_CONTENT_ROUTES.posts, edit)).json()) as AdminPost,
    onSuccess: setPost,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', postPath(id));
      return id;
    },
    onSuccess: (id) => queryClient.setQueryData<AdminPost[]>(postsKey, (posts) => posts?.filter((p) => p.id !== id)),
  });
}
