import { useLocation, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { PublishedPost } from '@curb/contracts/owner-content';
import { jsonLdText, STRUCTURED_DATA_ATTRIBUTE, structuredDataFor } from '@/lib/seo-head';
import { useSiteContent } from '@/lib/site-content';

/**
 * Keeps the head's JSON-LD in step with the page after client-side navigation. The
 * server-rendered page already carries its own; React does not render these scripts, because
 * hydration skips <script> elements and would then mismatch the page's markup.
 */
export function StructuredData() {
  const content = useSiteContent();
  const pathname = useLocation({ select: (location) => location.pathname });
  // The post a /blog/<slug> page shows is its route's loader data.
  const post = useRouterState({ select: (state) => state.matches.at(-1)?.loaderData as PublishedPost | null | undefined });
  const status = useRouterState({ select: (state) => state.status });
  useEffect(() => {
    if (status !== 'idle') return;
    const wanted = structuredDataFor(pathname, content, post).map(jsonLdText);
    const current = [...document.head.querySelectorAll<HTMLScriptElement>(`script[${STRUCTURED_DATA_ATTRIBUTE}]`)];
    if (current.length === wanted.length && current.every((script, i) => script.textContent === wanted[i])) return;
    for (const script of current) script.remove();
    for (const text of wanted) {
      // A data block (type application/ld+json) is never executed, so the script policy allows it.
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.setAttribute(STRUCTURED_DATA_ATTRIBUTE, '');
      script.textContent = text;
      document.head.append(script);
    }
  }, [pathname, content, post, status]);
  return null;
}
