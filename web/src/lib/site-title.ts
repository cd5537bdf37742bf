// The owner's site title (Settings → SEO) as the visible brand. The server writes it into every
// public page it sends as <meta name="application-name">, so the browser knows it before any
// settings request. Hydration renders the content's brand, as the prerendered markup has it,
// and the owner's title replaces it right after (no hydration mismatch).
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

function readSiteTitle(): string | null {
  return document.head.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim() || null;
}

/** The owner's site title, or null (during hydration, on the server, or when none is set). */
export function useSiteTitle(): string | null {
  return useSyncExternalStore(noChanges, readSiteTitle, () => null);
}
