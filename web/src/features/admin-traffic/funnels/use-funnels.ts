import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerFunnel, OwnerFunnelInput, OwnerFunnelReport } from '@curb/contracts/traffic-attribution';
import { getQueryFn } from '@/lib/api-client';
import { leadViewParams } from '../attribution/period-params';
import type { TrafficSearch } from '../lib/search';

const FUNNELS_URL = '/api/admin/traffic/funnels';

/** A refusal the editor shows beside the field or step it names. */
export class FunnelProblem extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: OwnerFunnelInput): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { message?: string; field?: string } | null;
    throw new FunnelProblem(problem?.message ?? `${response.status}: ${response.statusText}`, problem?.field);
  }
  return response;
}

export function useOwnerFunnels() {
  return useQuery({ queryKey: [FUNNELS_URL], queryFn: getQueryFn<OwnerFunnel[]>({ on401: 'throw' }) });
}

export function useFunnelReport(id: string | undefined, search: TrafficSearch) {
  return useQuery({
    queryKey: [`${FUNNELS_URL}/${id}/report?${leadViewParams(search)}`],
    queryFn: getQueryFn<OwnerFunnelReport>({ on401: 'throw' }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or changes a funnel; the list and its reports load again. */
export function useSaveFunnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, funnel }: { id?: string; funnel: OwnerFunnelInput }) =>
      (await (await send(id ? 'PUT' : 'POST', id ? `${FUNNELS_URL}/${id}` : FUNNELS_URL, funnel)).json()) as OwnerFunnel,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(FUNNELS_URL) }),
  });
}

export function useDeleteFunnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await send('DELETE', `${FUNNELS_URL}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(FUNNELS_URL) }),
  });
}
