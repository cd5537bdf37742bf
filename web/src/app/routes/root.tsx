import { HeadContent, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteLoader } from '@/features/site-loader/components/site-loader';
import { usePageViewTracking } from '@/lib/tracking';

export function RootRoute() {
  // First-party tracking: a page view on every public route change.
  usePageViewTracking();
  // Marks the page interactive (prerendered markup is visible before the app hydrates it).
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return (
    <>
      {/* Applies the matched routes' head() titles; React hoists them into <head>. */}
      <HeadContent />
      <Outlet />
      {/* Applies the owner's tracking and search-engine settings to public pages. */}
      <SiteLoader />
    </>
  );
}
