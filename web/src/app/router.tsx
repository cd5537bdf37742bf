import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { otherPageNames } from '@curb/content';
import type { PublishedPost, SiteContent } from '@curb/contracts/owner-content';
import { PageLoader } from '@/components/ui/page-loader';
import { parseTrafficSearch } from '@/features/admin-traffic/lib/search';
import { blogPostHead, brandedHead, landingPageHead, notFoundHead, pageHead } from '@/lib/seo-head';
import { AuditReportRoute } from './routes/audit-report';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { PublicRoute } from './routes/public';
import { RootRoute } from './routes/root';
import { TestReportRoute } from './routes/test-report';

// The route table. Pages imported on demand (lazyRouteComponent) are split into chunks a
// visitor downloads only when opening them (a prerendered page loads its chunk before it
// hydrates); the home page, the 404 page and the layouts come with the entry.

const titled = (title: string) => () => ({ meta: [{ title }] });

/** What every route reads the owner's content from (the server render's or the page's copy). */
export interface AppRouterContext {
  content: SiteContent;
  /** A published post by its slug; null when there is none. */
  loadPost: (slug: string) => Promise<PublishedPost | null>;
}

/** A route's head from the owner's content. */
const withContent =
  (make: (content: SiteContent) => ReturnType<typeof pageHead>) =>
  ({ match }: { match: { context: AppRouterContext } }) =>
    make(match.context.content);

const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  // The deepest match's head() wins: every page names itself ("<Name> | <owner>", the 404 page
  // too), so no tab reads "Page <path>"; the owner's name alone is only a safety net.
  head: withContent((content) => brandedHead(undefined, content)),
  component: RootRoute,
});

// --- Public site: top navigation and footer around every page --------------------------

const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicRoute,
});

const publicRoutes = [
  createRoute({
    getParentRoute: () => publicRoute,
    path: '/',
    head: withContent((content) => pageHead('/', content)),
    component: HomeRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'services',
    head: withContent((content) => pageHead('/services', content)),
    component: lazyRouteComponent(() => import('./routes/services'), 'ServicesRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'experience',
    head: withContent((content) => pageHead('/experience', content)),
    component: lazyRouteComponent(() => import('./routes/experience'), 'ExperienceRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'blog',
    head: withContent((content) => pageHead('/blog', content)),
    component: lazyRouteComponent(() => import('./routes/blog'), 'BlogRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'blog/$id',
    // The post's body is loaded with the route (the server render's copy, or the API's).
    loader: ({ params, context }) => context.loadPost(params.id),
    head: ({ loaderData, match }) => blogPostHead(loaderData, match.context.content),
    component: lazyRouteComponent(() => import('./routes/blog-post'), 'BlogPostRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'marketing-audit',
    head: withContent((content) => landingPageHead('/marketing-audit', content)),
    component: lazyRouteComponent(() => import('./routes/marketing-audit'), 'MarketingAuditRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'audit-report/$reportId',
    head: withContent((content) => brandedHead(otherPageNames.auditReport, content)),
    component: AuditReportRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'advanced-seo-audit',
    // ?url= fills in the address (the report's link to the advanced audit of the same site).
    validateSearch: (search: Record<string, unknown>): { url?: string } =>
      typeof search.url === 'string' && search.url.length <= 2048 ? { url: search.url } : {},
    head: withContent((content) => pageHead('/advanced-seo-audit', content)),
    component: lazyRouteComponent(() => import('./routes/advanced-seo-audit'), 'AdvancedSeoAuditRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'real-estate-marketing-report',
    head: withContent((content) => landingPageHead('/real-estate-marketing-report', content)),
    component: lazyRouteComponent(() => import('./routes/real-estate-marketing-report'), 'RealEstateMarketingReportRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'chat',
    head: withContent((content) => brandedHead(otherPageNames.chat, content)),
    component: lazyRouteComponent(() => import('./routes/chat'), 'ChatRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'metaperson-chat',
    head: withContent((content) => brandedHead(otherPageNames.metapersonChat, content)),
    component: lazyRouteComponent(() => import('./routes/metaperson-chat'), 'MetapersonChatRoute'),
  }),
  // Every path no other route matches, so the 404 page keeps the site's navigation.
  createRoute({
    getParentRoute: () => publicRoute,
    path: '$',
    head: withContent(notFoundHead),
    component: NotFoundRoute,
  }),
] as const;

const testReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'test-report',
  head: withContent((content) => pageHead('/test-report', content)),
  component: TestReportRoute,
});

// --- Admin portal -------------------------------------------------------------------

/** Admin pages are named in the browser's tabs and history, not "Page /admin/…". */
const adminTitled = (name: string) => titled(name === 'Admin Portal' ? 'Admin Portal' : `${name} | Admin Portal`);

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: lazyRouteComponent(() => import('./routes/admin/layout'), 'AdminLayoutRoute'),
});

const adminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/',
    head: adminTitled('Admin Portal'),
    component: lazyRouteComponent(() => import('./routes/admin/home'), 'AdminHomeRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'dashboard',
    head: adminTitled('System Overview'),
    component: lazyRouteComponent(() => import('./routes/admin/dashboard'), 'AdminDashboardRoute'),
  }),
  // Two pages have two paths each (older links use the aliases); the route list's paths are
  // canonical and the aliases redirect to them.
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'panel',
    beforeLoad: () => {
      throw redirect({ to: '/admin/dashboard', replace: true });
    },
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'marketing-audits',
    head: adminTitled('Marketing Audits'),
    component: lazyRouteComponent(() => import('./routes/admin/marketing-audits'), 'MarketingAuditsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'funnels',
    head: adminTitled('Enhanced Funnel Manager'),
    component: lazyRouteComponent(() => import('./routes/admin/funnels'), 'FunnelsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'enhanced-funnels',
    beforeLoad: () => {
      throw redirect({ to: '/admin/funnels', replace: true });
    },
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'ab-testing',
    head: adminTitled('A/B Testing'),
    component: lazyRouteComponent(() => import('./routes/admin/ab-testing'), 'AbTestingRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'retargeting',
    head: adminTitled('Retargeting Analytics'),
    component: lazyRouteComponent(() => import('./routes/admin/retargeting'), 'RetargetingRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'analytics',
    head: adminTitled('Site Analytics'),
    component: lazyRouteComponent(() => import('./routes/admin/analytics'), 'AnalyticsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'traffic',
    head: adminTitled('Traffic'),
    validateSearch: parseTrafficSearch,
    component: lazyRouteComponent(() => import('./routes/admin/traffic'), 'TrafficRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'settings',
    head: adminTitled('Settings'),
    component: lazyRouteComponent(() => import('./routes/admin/settings'), 'SettingsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'profile',
    head: adminTitled('Profile'),
    component: lazyRouteComponent(() => import('./routes/admin/profile'), 'ProfileRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'content',
    head: adminTitled('Site Content'),
    component: lazyRouteComponent(() => import('./routes/admin/content'), 'ContentRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'privacy',
    head: adminTitled('Data & Privacy'),
    component: lazyRouteComponent(() => import('./routes/admin/privacy'), 'PrivacyRoute'),
  }),
  // An old address of the system dashboard, kept for bookmarks.
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'comprehensive',
    beforeLoad: () => {
      throw redirect({ to: '/admin/dashboard', replace: true });
    },
  }),
] as const;

const routeTree = rootRoute.addChildren([publicRoute.addChildren(publicRoutes), testReportRoute, adminRoute.addChildren(adminRoutes)]);

/**
 * A router over the route table. The prerenderer gives each page its own memory history
 * and turns scroll restoration off: its server render is an inline script the site's
 * content security policy forbids (the browser router restores scroll without it).
 */
export function createAppRouter(options: { context: AppRouterContext; history?: RouterHistory; scrollRestoration?: boolean }) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoader,
    scrollRestoration: true,
    ...options,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
