import { useEffect, useState } from 'react';

/**
 * False for the first render (the one that hydrates prerendered HTML), true right after. What
 * the prerendered HTML cannot carry (a funnel's extra form fields) waits for it, so hydration
 * matches the HTML.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
