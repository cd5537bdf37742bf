import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_PAGE_SIZE,
  type ContactMessageList,
  type ErasureLog,
  type ErasureRecord,
  type ListFilter,
  listFilterQuery,
} from '@curb/contracts/privacy';
import { apiRequest, getQueryFn } from '@/lib/api-client';

const ERASURES_URL = '/api/admin/erasures';

export const useErasures = () => useQuery({ queryKey: [ERASURES_URL], queryFn: getQueryFn<ErasureLog>({ on401: 'throw' }) });

/** Erases a person by address; the record (per store, never the address) joins the log. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await (await apiRequest('POST', '/api/admin/erasure', { email })).json()) as ErasureRecord,
    // Every list and dashboard may have shown the person: read them again.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/**
 * Downloads everything held about the address as a JSON file (an access request). A POST, so the
 * address stays out of URLs and logs; the answer is saved under the name the server gives.
 */
export async function downloadAccessExport(email: string): Promise<void> {
  const response = await apiRequest('POST', '/api/admin/access-export', { email });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'personal-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useContactMessages(page: number, filter: ListFilter) {
  const filtered = listFilterQuery(filter);
  return useQuery({
    queryKey: [`/api/admin/contact-messages?page=${page}&limit=${CONTACT_PAGE_SIZE}${filtered && `&${filtered}`}`],
    queryFn: getQueryFn<ContactMessageList>({ on401: 'throw' }),
    placeholderData: keepPreviousData,
  });
}

export const contactMessagesCsvUrl = (filter: ListFilter) => {
  const filtered = listFilterQuery(filter);
  return `/api/admin/contact-messages.csv${filtered && `?${filtered}`}`;
};
