import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { PageLoader } from '../components/ui/page-loader';
import { AdvancedSeoAuditRoute } from './routes/advanced-seo-audit';
import { AuditReportRoute } from './routes/audit-report';
import { BlogRoute } from './routes/blog';
import { BlogPostRoute } from './routes/blog-post';
import { ExperienceRoute } from './routes/experience';
import { HomeRoute } from './routes/home';
import { MarketingAuditRoute } from './routes/marketing-audit';
import { NotFoundRoute } from './routes/not-found';
import { PublicRoute } from './routes/public';
import { RealEstateMarketingReportRoute } from './routes/real-estate-marketing-report';
import { RootRoute } from './routes/root';
import { ServicesRoute } from './routes/services';
import { TestReportRoute } from './routes/test-report';

// The route table. Public pages are bundled with the entry; admin and chat pages are
// imported on demand (lazyRouteComponent), so their code is split into chunks that a
// visitor of the public site never downloads.

const titled = (title: string) => () => ({ meta: [{ title }] });

/** Spec: a page without a named title is titled "Page <path>". */
function untitledPageTitle(pathname: string): string {
  // Index routes report a trailing slash ("/admin/"); title the path as visited.
  return `Page ${pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname}`;
}

const rootRoute = createRootRoute({
  // The deepest match's head() wins, so named routes override this fallback.
  head: ({ matches }) => ({ meta: [{ title: untitledPageTitle(matches.at(-1)?.pathname ?? '/') }] }),
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
    head: titled('Home'),
    component: HomeRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'services',
    head: titled('Services'),
    component: ServicesRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'experience',
    head: titled('Experience'),
    component: ExperienceRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'blog',
    head: titled('Blog'),
    component: BlogRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'blog/$id',
    component: BlogPostRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'marketing-audit',
    head: titled('Free Marketing Audit'),
    component: MarketingAuditRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'audit-report/$reportId',
    head: titled('Audit Results'),
    component: AuditReportRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'advanced-seo-audit',
    component: AdvancedSeoAuditRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'real-estate-marketing-report',
    head: titled('Marketing Report Showcase'),
    component: RealEstateMarketingReportRoute,
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'chat',
    component: lazyRouteComponent(() => import('./routes/chat'), 'ChatRoute'),
  }),
  createRoute({
    getParentRoute: () => publicRoute,
    path: 'metaperson-chat',
    component: lazyRouteComponent(() => import('./routes/metaperson-chat'), 'MetapersonChatRoute'),
  }),
  // Every path no other route matches, so the 404 page keeps the site's navigation.
  createRoute({
    getParentRoute: () => publicRoute,
    path: '$',
    component: NotFoundRoute,
  }),
] as const;

const testReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'test-report',
  component: TestReportRoute,
});

// --- Admin portal -------------------------------------------------------------------

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: lazyRouteComponent(() => import('./routes/admin/layout'), 'AdminLayoutRoute'),
});

const adminRoutes = [
  createRoute({
    getParentRoute: () => adminRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./routes/admin/home'), 'AdminHomeRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'dashboard',
    component: lazyRouteComponent(() => import('./routes/admin/dashboard'), 'AdminDashboardRoute'),
  }),
  // The spec names two paths for two pages; the route list's paths are canonical and
  // the navigation's aliases redirect to them.
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
    component: lazyRouteComponent(() => import('./routes/admin/marketing-audits'), 'MarketingAuditsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'funnels',
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
    component: lazyRouteComponent(() => import('./routes/admin/ab-testing'), 'AbTestingRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'retargeting',
    component: lazyRouteComponent(() => import('./routes/admin/retargeting'), 'RetargetingRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'analytics',
    component: lazyRouteComponent(() => import('./routes/admin/analytics'), 'AnalyticsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'settings',
    component: lazyRouteComponent(() => import('./routes/admin/settings'), 'SettingsRoute'),
  }),
  createRoute({
    getParentRoute: () => adminRoute,
    path: 'comprehensive',
    component: lazyRouteComponent(() => import('./routes/admin/comprehensive'), 'ComprehensiveRoute'),
  }),
] as const;

const routeTree = rootRoute.addChildren([
  publicRoute.addChildren(publicRoutes),
  testReportRoute,
  adminRoute.addChildren(adminRoutes),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoader,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
