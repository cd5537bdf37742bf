import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { jsonLdText, STRUCTURED_DATA_ATTRIBUTE, structuredDataFor } from '@/lib/seo-head';

/**
 * Keeps the head's JSON-LD in step with the page after client-side navigation. The
 * prerendered page already carries its own; React does not render these scripts, because
 * hydration skips <script> elements and would then mismatch the page's markup.
 */
export function StructuredData() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    const wanted = structuredDataFor(pathname).map(jsonLdText);
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
  }, [pathname]);
  return null;
}
