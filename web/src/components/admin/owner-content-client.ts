// The admin's side of the owner's content that more than one page uses: the image library
// (upload through the media route, previews), the version history of a profile, a list or a post.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MEDIA_LIMITS,
  mediaFilePath,
  mediaIdOf,
  OWNER_CONTENT_ROUTES,
  pickWidth,
  type ContentVersion,
  type MediaItem,
} from '@curb/contracts/owner-content';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const mediaKey = [OWNER_CONTENT_ROUTES.media];

export const useMediaLibrary = () => useQuery({ queryKey: mediaKey, queryFn: getQueryFn<MediaItem[]>({ on401: 'throw' }) });

/** Uploads one picture (multipart, field `file`; the description goes first so the server reads it). */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, alt = '' }: { file: File; alt?: string }) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('file', file);
      const response = await fetch(OWNER_CONTENT_ROUTES.media, { method: 'POST', credentials: 'include', body: form });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      return (await response.json()) as MediaItem;
    },
    onSuccess: (item) => queryClient.setQueryData<MediaItem[]>(mediaKey, (items) => [item, ...(items ?? [])]),
  });
}

/** Where the admin previews a picture reference: an upload at a small width, a site path as is. */
export function previewSrc(ref: string, library: readonly MediaItem[] | undefined, atMost = 320): string | null {
  if (!ref) return null;
  const id = mediaIdOf(ref);
  if (!id) return ref;
  const item = library?.find((m) => m.id === id);
  // Until the library has loaded, the narrowest standard width (written for any upload that wide).
  return mediaFilePath(id, item ? pickWidth(item.widths, atMost) : MEDIA_LIMITS.widths[0]);
}

const versionsPath = (subject: string) => OWNER_CONTENT_ROUTES.versions.replace(':subject', encodeURIComponent(subject));

export const useContentVersions = (subject: string, enabled = true) =>
  useQuery({ queryKey: [versionsPath(subject)], queryFn: getQueryFn<ContentVersion[]>({ on401: 'throw' }), enabled });

/** Restores a version as the subject's next one; `onRestored` gets what the server now holds. */
export function useRestoreVersion<T>(subject: string, onRestored: (saved: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => (await (await apiRequest('POST', `${versionsPath(subject)}/${version}/restore`)).json()) as T,
    onSuccess: (saved) => {
      onRestored(saved);
      void queryClient.invalidateQueries({ queryKey: [versionsPath(subject)] });
    },
  });
}
