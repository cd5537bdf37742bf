import { useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { settingsObject } from '@curb/contracts/settings-values';
import { inAdminPreview } from '@/lib/admin-preview';
import { replaceableDescription } from '@curb/content';
import { useSiteContent } from '@/lib/site-content';
import { useMounted } from '@/lib/use-mounted';
import { SHOW_CONSENT_BANNER_EVENT } from '@/lib/window-events';
import { useSiteSettings } from '../api/get-site-settings';
import { privacySignal, readConsent, saveConsent, type TagConsent } from '../utils/consent';
import { keepSeoApplied } from '../utils/seo';
import { hasTags, injectTags, pageView } from '../utils/tags';
import { ConsentBanner } from './consent-banner';

/**
 * The site-wide loader reads the analytics and SEO settings and applies them to every
 * public page. Nothing is injected while nothing is configured; third-party tags wait for
 * the visitor's consent (never asked under Do-Not-Track or Global Privacy Control).
 */
export function SiteLoader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  // The public loader renders nothing before it mounts, so leaving it out in a frame the
  // prerendered page did not know about changes no markup.
  if (isAdmin || inAdminPreview()) return null;
  return <PublicSiteLoader pathname={pathname} />;
}

function PublicSiteLoader({ pathname }: { pathname: string }) {
  const analytics = useSiteSettings('analytics');
  const seo = useSiteSettings('seo');
  const tags = useMemo(() => settingsObject<'analytics'>(analytics.data ?? []), [analytics.data]);
  const seoSettings = useMemo(() => settingsObject<'seo'>(seo.data ?? []), [seo.data]);
  const content = useSiteContent();
  const owner = useMemo(() => ({ brand: content.profile.name, description: replaceableDescription(content) }), [content]);
  const [consent, setConsent] = useState<TagConsent | null>(readConsent);
  const [injected, setInjected] = useState(false);

  useEffect(() => {
    if (seo.data?.length) return keepSeoApplied(seoSettings, pathname, owner);
  }, [seo.data, seoSettings, pathname, owner]);

  useEffect(() => {
    if (consent === 'granted' && hasTags(tags)) {
      injectTags(tags);
      setInjected(true);
    }
  }, [consent, tags]);

  useEffect(() => {
    if (injected) pageView(tags, pathname);
  }, [injected, tags, pathname]);

  // The footer's 'Cookie preferences' asks again (never under Do-Not-Track / GPC).
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    const reopen = () => setReopened(!privacySignal());
    window.addEventListener(SHOW_CONSENT_BANNER_EVENT, reopen);
    return () => window.removeEventListener(SHOW_CONSENT_BANNER_EVENT, reopen);
  }, []);

  // The prerendered page has no banner: the render that hydrates it must not add one, even
  // when the settings arrived while the page was hydrating (React error #418 otherwise).
  const mounted = useMounted();
  if (!mounted || !hasTags(tags) || (consent !== null && !reopened)) return null;
  const decide = (choice: TagConsent) => {
    saveConsent(choice);
    setConsent(choice);
    setReopened(false);
    // Vendor scripts already running cannot be unloaded: a fresh page leaves them out.
    if (choice === 'denied' && injected) window.location.reload();
  };
  return <ConsentBanner tags={tags} onAccept={() => decide('granted')} onDecline={() => decide('denied')} />;
}
