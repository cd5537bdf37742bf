import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { SiteContent } from '@curb/contracts/owner-content';
import type { QrMatrix } from '@/lib/qr-matrix';
import { Toaster } from '@/components/ui/toast/toaster';
import { createQueryClient } from '@/lib/query-client';
import { SiteContentProvider } from '@/lib/site-content';

export function AppProvider({ content, contactQr, children }: { content: SiteContent; contactQr?: QrMatrix; children: ReactNode }) {
  // One client per app instance (not per module), so a server render never shares a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SiteContentProvider content={content} contactQr={contactQr}>
        {children}
        <Toaster />
      </SiteContentProvider>
    </QueryClientProvider>
  );
}
