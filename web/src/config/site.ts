import type { LinkProps } from '@tanstack/react-router';

/**
 * Site configuration used by the shell. The spec places it in the shared content package
 * (@curb/content); it lives here until that package exports it.
 */
export interface NavItem {
  /** For in-page items, the id of the home section the item scrolls to. */
  id: string;
  label: string;
  /** null: an in-page section on the home page rather than a route. */
  href: LinkProps['to'] | null;
  highlight?: boolean;
}

export const site = {
  name: 'Curb Appeal',
  tagline: 'Real estate marketing, operations and team leadership',
  email: 'hello@curbappeal.example',
  location: 'Northern Virginia · DC · Maryland',
  services: ['Marketing Audits', 'Team Leadership', 'Operations Consulting'],
} as const;

/** Public top navigation, in the spec's order. */
export const siteNavigation: readonly NavItem[] = [
  { id: 'about', label: 'About', href: null },
  { id: 'skills', label: 'Expertise', href: null },
  { id: 'achievements', label: 'Projects', href: null },
  { id: 'experience', label: 'Experience', href: '/experience' },
  { id: 'services', label: 'Services', href: '/services' },
  { id: 'blog', label: 'Blog', href: '/blog' },
  { id: 'audit', label: 'Free Audit', href: '/marketing-audit', highlight: true },
  { id: 'contact', label: 'Contact', href: null },
];
