import { useQuery } from '@tanstack/react-query';
import { AUDIT_LIST_POLL_MS, type OutboxList, type OutboxMail } from '@curb/contracts/admin';
import { getQueryFn } from '@/lib/api-client';

export const useOutbox = () =>
  useQuery({ queryKey: ['/api/admin/outbox'], queryFn: getQueryFn<OutboxList>({ on401: 'throw' }), refetchInterval: AUDIT_LIST_POLL_MS });

export const useOutboxMail = (id: string) =>
  useQuery({ queryKey: ['/api/admin/outbox', encodeURIComponent(id)], queryFn: getQueryFn<OutboxMail>({ on401: 'throw' }) });
