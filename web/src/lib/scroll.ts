import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** In-page targets land 80px below the top, under the fixed navigation bar. */
export const SECTION_OFFSET_PX = 80;
/** After navigating to / from another route, scroll once the page has rendered. */
export const ROUTE_CHANGE_SCROLL_DELAY_MS = 300;

/** Smoothly scrolls to the home section with this id, 80px below the top. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - SECTION_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
}

/** Goes to a home section: scrolls on /, else navigates to / and scrolls after 300 ms. */
export function useGoToSection(): (id: string) => void {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  return useCallback(
    (id: string) => {
      if (pathname === '/') {
        scrollToSection(id);
        return;
      }
      void navigate({ to: '/' }).then(() => {
        setTimeout(() => scrollToSection(id), ROUTE_CHANGE_SCROLL_DELAY_MS);
      });
    },
    [navigate, pathname],
  );
}
