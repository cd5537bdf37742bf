// Every page path of the web app, in the router's `$param` notation. The server uses the
// list to answer a real 404 status for paths the app does not know.
export const PUBLIC_PAGE_ROUTES = [
  '/',
  '/services',
  '/experience',
  '/blog',
  '/blog/$id',
  '/marketing-audit',
  '/audit-report/$reportId',
  '/advanced-seo-audit',
  '/real-estate-marketing-report',
  '/test-report',
] as const;

export const ASSISTANT_PAGE_ROUTES = ['/chat', '/metaperson-chat'] as const;

export const ADMIN_PAGE_ROUTES = [
  '/admin',
  '/admin/dashboard',
  '/admin/panel',
  '/admin/marketing-audits',
  '/admin/funnels',
  '/admin/enhanced-funnels',
  '/admin/ab-testing',
  '/admin/retargeting',
  '/admin/traffic',
  '/admin/analytics',
  '/admin/settings',
  '/admin/privacy',
  '/admin/comprehensive',
  '/admin/profile',
  '/admin/content',
] as const;

export const PAGE_ROUTES: readonly string[] = [...PUBLIC_PAGE_ROUTES, ...ASSISTANT_PAGE_ROUTES, ...ADMIN_PAGE_ROUTES];

const matchers = PAGE_ROUTES.map((route) => new RegExp(`^${route.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`));

/** True when the path (without query) is one of the app's pages. */
export function isPagePath(path: string): boolean {
  return matchers.some((re) => re.test(path));
}
