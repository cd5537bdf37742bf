// The owner's funnels and A/B tests as this visit applies them: first the copy the
// page server put into the page (so the first render matches the HTML it rewrote with the same
// values), then GET /api/site/config whenever a page that uses it mounts and the copy is older
// than SITE_CONFIG_STALE_MS. While prerendering there is none: every page keeps its own texts.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { landingCopy, POPUP_VARIANT_FORMS, popupVariantDefaults, type LandingCopy } from '@curb/content';
import { SITE_CONFIG_ELEMENT_ID, type PublicSiteConfig } from '@curb/contracts/site-config';
import { getQueryFn } from './api-client';

/** A copy older than this is read again when a page that uses it opens. */
export const SITE_CONFIG_STALE_MS = 15_000;
const QUERY_KEY = ['/api/site/config'];

type Funnel = PublicSiteConfig['funnels'][number];

let embedded: PublicSiteConfig | null | undefined;
const loadedAt = Date.now();

/** The copy the page came with, or null (prerendering, or a page without it). */
function embeddedConfig(): PublicSiteConfig | null {
  if (embedded !== undefined) return embedded;
  if (typeof document === 'undefined') return null;
  try {
    const text = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
    embedded = text ? (JSON.parse(text) as PublicSiteConfig) : null;
  } catch {
    embedded = null;
  }
  return embedded;
}

/** The latest copy this visit has seen, for code outside React (route heads). */
let latest: PublicSiteConfig | null = embeddedConfig();
export const currentSiteConfig = (): PublicSiteConfig | null => latest;

/** The funnels and tests; null while there is no copy (the pages then show their own texts). */
export function useSiteConfig(): PublicSiteConfig | null {
  const initial = embeddedConfig();
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: getQueryFn<PublicSiteConfig>({ on401: 'throw' }),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: loadedAt,
    staleTime: SITE_CONFIG_STALE_MS,
  });
  const data = query.data ?? null;
  useEffect(() => {
    if (data) latest = data;
  }, [data]);
  return data;
}

export const findFunnel = (config: PublicSiteConfig | null, id: string): Funnel | undefined => config?.funnels.find((f) => f.id === id);

/** A landing page's texts and form fields as the funnel sets them (its own while inactive or unknown). */
export function useLandingCopy(funnelId: string): LandingCopy {
  return landingCopy(funnelId, findFunnel(useSiteConfig(), funnelId));
}

/** A popup variant's texts as the funnel sets them. */
export function popupVariantCopy(funnel: Funnel | undefined, variant: string) {
  const key = variant === 'B' ? 'B' : 'A';
  const defaults = popupVariantDefaults(key);
  const set = funnel?.popup.variants[key];
  return {
    formId: POPUP_VARIANT_FORMS[key],
    title: set?.title || defaults.title,
    subtitle: set?.subtitle || defaults.subtitle,
    buttonText: set?.buttonText || defaults.buttonText,
  };
}
