// The api service as one Fastify plugin: public API, admin API and the web app. The
// launcher composes it with the collector and worker; server.ts runs it alone.
import type { FastifyInstance } from 'fastify';
import { metapersonConfigured } from '@curb/contracts/assistant';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import auth from './plugins/auth.ts';
import siteSettings from './plugins/site-settings.ts';
import siteConfig from './plugins/site-config.ts';
import siteContent from './plugins/site-content.ts';
import authRoutes from './routes/auth/index.ts';
import settingsRoutes from './routes/settings/index.ts';
import adminAuditRoutes from './routes/admin-audits/index.ts';
import adminFunnelRoutes from './routes/admin-funnels/index.ts';
import adminAbTestRoutes from './routes/admin-ab-tests/index.ts';
import adminOutboxRoutes from './routes/admin-outbox/index.ts';
import adminBackupRoutes from './routes/admin-backups/index.ts';
import adminSelfCheckRoutes from './routes/admin-self-check/index.ts';
import adminDataRoutes from './routes/admin-data/index.ts';
import adminPrivacyRoutes from './routes/admin-privacy/index.ts';
import analyticsRoutes from './routes/analytics/index.ts';
import trafficAttributionRoutes from './routes/traffic-attribution/index.ts';
import statsRoutes from './routes/stats/index.ts';
import adminStatsRoutes from './routes/admin-stats/index.ts';
import leadRoutes from './routes/leads/index.ts';
import auditRoutes, { ReportPdfCache } from './routes/audit/index.ts';
import seoFileRoutes from './routes/seo-files/index.ts';
import siteConfigRoutes from './routes/site-config/index.ts';
import ownerContentRoutes from './routes/owner-content/index.ts';
import unsubscribeRoutes from './routes/unsubscribe/index.ts';
import assistantRoutes from './routes/assistant/index.ts';
import webApp from './plugins/web-app.ts';

export interface ApiOptions {
  config: Config;
  stores: Stores;
}

export default async function api(app: FastifyInstance, opts: ApiOptions): Promise<void> {
  // The report PDFs in memory: served by the audit routes, dropped by a person's erasure.
  const reportPdfs = new ReportPdfCache();
  // First: its guard hook covers only the routes registered after it.
  await app.register(auth, opts);
  await app.register(siteSettings, { stores: opts.stores });
  await app.register(siteConfig, { stores: opts.stores });
  await app.register(siteContent, { stores: opts.stores });
  await app.register(authRoutes, { stores: opts.stores });
  await app.register(settingsRoutes, { stores: opts.stores });
  await app.register(adminAuditRoutes, { config: opts.config, stores: opts.stores });
  await app.register(adminFunnelRoutes, opts);
  await app.register(adminAbTestRoutes, { stores: opts.stores });
  await app.register(adminOutboxRoutes, { config: opts.config });
  await app.register(adminBackupRoutes, opts);
  await app.register(adminSelfCheckRoutes, opts);
  await app.register(adminDataRoutes, opts);
  await app.register(adminPrivacyRoutes, { ...opts, reportPdfs });
  await app.register(analyticsRoutes, opts);
  await app.register(trafficAttributionRoutes, { stores: opts.stores });
  await app.register(statsRoutes, { stores: opts.stores });
  await app.register(adminStatsRoutes, { stores: opts.stores });
  await app.register(leadRoutes, { stores: opts.stores, target: { allowPrivateNetworks: opts.config.AUDIT_ALLOW_PRIVATE_NETWORKS } });
  await app.register(auditRoutes, { ...opts, pdfs: reportPdfs });
  await app.register(seoFileRoutes);
  await app.register(siteConfigRoutes);
  await app.register(ownerContentRoutes, { stores: opts.stores, dataDir: opts.config.DATA_DIR });
  await app.register(unsubscribeRoutes, { stores: opts.stores });
  await app.register(assistantRoutes, { config: opts.config });
  await app.register(webApp, { dist: opts.config.WEB_DIST, metaperson: metapersonConfigured(opts.config) });
}
