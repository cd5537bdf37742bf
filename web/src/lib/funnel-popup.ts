// Which funnel's popup a public page shows, and how. A funnel's landing page shows
// its own popup, opening by itself; every other page the free audit funnel's (the site-wide
// popup), opening by itself on the home page only and on the footer's request everywhere. An
// inactive funnel's popup, or one switched off, never opens; a request then finds the free
// audit funnel's, or the audit page when that one is off too.
import { AUDIT_FUNNEL_ID, formDefinitions, funnelFormDefinition, type FormDefinition } from '@curb/content';
import type { PublicSiteConfig } from '@curb/contracts/site-config';
import { findFunnel, popupVariantCopy } from './site-config';

type Funnel = PublicSiteConfig['funnels'][number];

/** By default, the popup opens by itself after 25 s, or on exit intent. */
const DEFAULT_DELAY_SECONDS = 25;

export interface PagePopup {
  funnelId: string;
  enabled: boolean;
  automatic: boolean;
  triggers: { delayMs: number; exitIntent: boolean };
  /** Whether the funnel records its popup's views. */
  tracksViews: boolean;
  variant: (variant: string) => {
    formId: 'popup-image' | 'popup-standard';
    title: string;
    subtitle: string;
    definition: FormDefinition;
  };
  /** What a variant shows, for the A/B dashboard: its title. */
  variantText: (variant: string) => string;
}

const live = (funnel: Funnel | undefined) => !funnel || (funnel.active && funnel.popup.enabled);

export function popupFor(config: PublicSiteConfig | null, pathname: string): PagePopup {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const landing = config?.funnels.find((f) => f.id !== AUDIT_FUNNEL_ID && `/${f.id}` === path);
  const own = landing && live(landing) ? landing : undefined;
  const siteWide = findFunnel(config, AUDIT_FUNNEL_ID);
  const funnel = own ?? siteWide;
  const funnelId = own?.id ?? AUDIT_FUNNEL_ID;
  const enabled = own !== undefined || live(siteWide);
  const copy = (variant: string) => popupVariantCopy(funnel, variant);
  return {
    funnelId,
    enabled,
    automatic: own !== undefined || path === '/',
    triggers: {
      delayMs: (funnel?.popup.delaySeconds ?? DEFAULT_DELAY_SECONDS) * 1000,
      exitIntent: funnel?.popup.exitIntent ?? true,
    },
    tracksViews: funnel?.tracking.events.popupView ?? true,
    variant: (variant) => {
      const c = copy(variant);
      return {
        formId: c.formId,
        title: c.title,
        subtitle: c.subtitle,
        definition: funnelFormDefinition(formDefinitions[c.formId], undefined, { submitText: c.buttonText }),
      };
    },
    variantText: (variant) => copy(variant).title,
  };
}
