import { useQuery } from '@tanstack/react-query';
import { AUDIT_LIST_POLL_MS, type MailService, type OutboxList, type OutboxMail } from '@curb/contracts/admin';
import { getQueryFn } from '@/lib/api-client';

export const useOutbox = () =>
  useQuery({ queryKey: ['/api/admin/outbox'], queryFn: getQueryFn<OutboxList>({ on401: 'throw' }), refetchInterval: AUDIT_LIST_POLL_MS });

export const useOutboxMail = (id: string) =>
  useQuery({ queryKey: ['/api/admin/outbox', encodeURIComponent(id)], queryFn: getQueryFn<OutboxMail>({ on401: 'throw' }) });

/** Whether a mail service is configured: set at start, so read once per visit. */
export const useMailService = () =>
  useQuery({
    queryKey: ['/api/admin/mail-service'],
    queryFn: getQueryFn<MailService>({ on401: 'throw' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
