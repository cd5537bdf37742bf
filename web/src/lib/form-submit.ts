// The one way the site's public forms (lead, inline audit, contact) post: a server that is
// briefly unavailable (a database restarting answers 503 with Retry-After) is tried again for
// up to 30 s while the visitor reads a calm "Still sending…", so a restart of a few seconds
// loses no lead. Each form sends a submissionId, so a try whose answer was lost stores nothing twice.
import { dismissToast, toast } from '@/components/ui/toast/toast-store';
import { apiRequestWithRetry, RETRY_BUDGET_MS, type RetryOptions } from './api-client';
import { noteFormSent } from './popup-manager';

export const STILL_SENDING = {
  title: 'Still sending…',
  description: 'The connection is slow for a moment. Your details are kept and we keep trying for a few seconds.',
};

/** POSTs a form body as JSON, retrying while the server is briefly unavailable (see above). */
export async function submitForm(url: string, body: unknown, options: Pick<RetryOptions, 'budgetMs'> = {}): Promise<Response> {
  let notice: string | undefined;
  try {
    const response = await apiRequestWithRetry('POST', url, body, {
      ...options,
      onRetry: () => {
        notice ??= toast({ ...STILL_SENDING, duration: (options.budgetMs ?? RETRY_BUDGET_MS) + 5_000 }).id;
      },
    });
    noteFormSent();
    return response;
  } finally {
    // The form's own toast (sent, or failed) follows; the notice goes first.
    if (notice) dismissToast(notice);
  }
}
