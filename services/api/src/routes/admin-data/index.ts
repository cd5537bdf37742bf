// Admin data behind the funnel manager and the system dashboard: funnels with their
// submissions (Postgres leads) and landing-page visitors (ClickHouse events), and feature
// status computed from which data sources are live. Admin-only by path (auth plugin).
import type { RouteApp } from '../../lib/route-app.ts';
import { Type } from '@sinclair/typebox';
import {
  DataConnectionsOverviewSchema,
  FeatureStatusSchema,
  FunnelAnalyticsResponseSchema,
  FunnelSchema,
  FunnelStatsResponseSchema,
  IngestQuarantineSchema,
  LATEST_SUBMISSIONS,
  RECENT_SUBMISSION_DAYS,
  type DataSourceStatus,
  type FunnelAnalyticsResponse,
  type FunnelStatsResponse,
  type IngestQuarantine,
} from '@curb/contracts/analytics';
import type { Config } from '@curb/contracts/config';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { completeConfig, FunnelIdParamsSchema, type ConversionEvent } from '@curb/contracts/funnel-config';
import { dataConnectionsOverview, featureStatuses, sourceStatus, trackingVolume } from '@curb/analytics/dashboards/data-connections';
import { landingPageSubmitters, landingPageVisitors } from '@curb/analytics/dashboards/funnel-views';
import { percent } from '@curb/analytics/dashboards/period';
import { businessRecords, funnelLeads, funnels, ingestQuarantine, leads } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';

const FeatureQuerySchema = Type.Object({ category: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false });
const FeatureParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

/** A funnel's landing page is /{funnelId} (the card's open-in-new-tab target). */
const landingPath = (id: string) => `/${id}`;

/**
 * What a funnel's conversion event counts (its Tracking tab): for submissions, the landing page's
 * own visitors who sent a form there (a popup's leads from other pages are not that page's
 * conversions); for e-mails opened or reports viewed, the funnel's leads who did so. Never more
 * than the page's visitors: those are a sketch's estimate, the conversions exact counts.
 */
const conversions = (event: ConversionEvent, c: { opened: number; returned: number }, pageSubmitters: number, views: number) =>
  Math.min(views, event === 'email-open' ? c.opened : event === 'report-view' ? c.returned : pageSubmitters);

export default async function adminDataRoutes(app: RouteApp, opts: { config: Config; stores: Stores }): Promise<void> {
  const { sql, ch } = opts.stores;
  /** Each funnel's conversion event. */
  const conversionEvents = async () =>
    new Map((await funnels.publicRows(sql)).map((r) => [r.id, completeConfig(r.config).tracking.conversionEvent]));

  app.get('/api/admin/funnels', { schema: { response: { 200: Type.Array(FunnelSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return funnels.list(sql);
  });

  app.get(
    '/api/admin/funnel-stats',
    { schema: { response: { 200: FunnelStatsResponseSchema } } },
    async (_request, reply): Promise<FunnelStatsResponse> => {
      const all = await funnels.list(sql);
      const paths = all.map((f) => landingPath(f.id));
      const [counts, totalLeads, visitors, submitters, events] = await Promise.all([
        funnelLeads.countsPerFunnel(sql, RECENT_SUBMISSION_DAYS),
        leads.count(sql),
        landingPageVisitors(ch, paths),
        landingPageSubmitters(ch, paths),
        conversionEvents(),
      ]);
      const funnelStats: FunnelStatsResponse['funnelStats'] = {};
      // Pooled, not averaged: a funnel with 3 visitors must not weigh as much as one with 3,000.
      let pooledConverted = 0;
      let pooledViews = 0;
      for (const f of all) {
        const c = counts.get(f.id) ?? { total: 0, recent: 0, opened: 0, returned: 0 };
        const views = visitors.get(landingPath(f.id)) ?? 0;
        const pageSubmitters = submitters.get(landingPath(f.id)) ?? 0;
        const conversionEvent = events.get(f.id) ?? 'form-submit';
        const converted = conversions(conversionEvent, c, pageSubmitters, views);
        pooledConverted += converted;
        pooledViews += views;
        funnelStats[f.id] = {
          totalSubmissions: c.total,
          recentSubmissions: c.recent,
          views,
          pageSubmitters,
          conversionRate: percent(converted, views, 1),
          conversionEvent,
        };
      }
      reply.header('cache-control', 'no-store');
      return { funnelStats, totalLeads, pooledConversion: percent(pooledConverted, pooledViews, 1) };
    },
  );

  app.get(
    '/api/admin/funnels/:id/analytics',
    { schema: { params: FunnelIdParamsSchema, response: { 200: FunnelAnalyticsResponseSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply): Promise<FunnelAnalyticsResponse> => {
      const { id } = request.params;
      if (!(await funnels.exists(sql, id))) throw new HttpError(404, 'This funnel does not exist.');
      const [summary, submissions, visitors, submitters, events] = await Promise.all([
        funnelLeads.summary(sql, id),
        funnelLeads.latest(sql, id, LATEST_SUBMISSIONS),
        landingPageVisitors(ch, [landingPath(id)]),
        landingPageSubmitters(ch, [landingPath(id)]),
        conversionEvents(),
      ]);
      const conversionEvent = events.get(id) ?? 'form-submit';
      reply.header('cache-control', 'no-store');
      return {
        totalSubmissions: summary.total,
        recentSubmissions: summary.thisMonth,
        conversionRate: percent(
          conversions(conversionEvent, summary, submitters.get(landingPath(id)) ?? 0, visitors.get(landingPath(id)) ?? 0),
          visitors.get(landingPath(id)) ?? 0,
          1,
        ),
        conversionEvent,
        averageScore: summary.averageScore,
        submissions,
      };
    },
  );

  /** Live state of each data source: rows present, transports configured. */
  async function dataSources(): Promise<DataSourceStatus[]> {
    const [pg, tracking] = await Promise.all([businessRecords.counts(sql), trackingVolume(ch)]);
    const { config } = opts;
    const transport = config.MAIL_API_URL ? 'mail API' : config.SMTP_URL ? 'SMTP' : null;
    return [
      sourceStatus('form_submissions', pg.leads > 0, pg.leads, `${pg.leads} leads stored`),
      sourceStatus(
        'email_delivery',
        transport !== null,
        pg.sent,
        transport
          ? `${pg.sent} mails sent via ${transport}${pg.refused ? `, ${pg.refused} refused by the recipient's server` : ''}`
          : 'No mail API or SMTP server configured: mail goes to the file outbox',
      ),
      sourceStatus('analytics_tracking', tracking.total > 0, tracking.total, `${tracking.total} tracked events`),
      sourceStatus(
        'real_time_reporting',
        tracking.lastDay > 0,
        tracking.lastDay,
        `${tracking.lastDay} events in the last 24 hours (this hour and the 23 before)`,
      ),
      sourceStatus('seo_analysis', pg.reports > 0, pg.reports, `${pg.reports} finished audit reports`),
      sourceStatus('user_authentication', pg.admins > 0, pg.admins, `${pg.admins} admin accounts`),
    ];
  }

  app.get(
    '/api/admin/data-connections/overview',
    { schema: { response: { 200: DataConnectionsOverviewSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return dataConnectionsOverview(await dataSources());
    },
  );

  // Event rows the collectors set aside (services/collector/src/lib/quarantine.ts).
  app.get(
    '/api/admin/ingest-quarantine',
    { schema: { response: { 200: IngestQuarantineSchema } } },
    async (_request, reply): Promise<IngestQuarantine> => {
      const summary = await ingestQuarantine.summary(sql);
      reply.header('cache-control', 'no-store');
      return summary;
    },
  );

  app.get(
    '/api/admin/feature-status',
    { schema: { querystring: FeatureQuerySchema, response: { 200: Type.Array(FeatureStatusSchema) } } },
    async (request, reply) => {
      const all = featureStatuses(await dataSources());
      reply.header('cache-control', 'no-store');
      return request.query.category ? all.filter((f) => f.category === request.query.category) : all;
    },
  );

  app.get(
    '/api/admin/feature-status/:id',
    { schema: { params: FeatureParamsSchema, response: { 200: FeatureStatusSchema, '4xx': ErrorResponseSchema } } },
    async (request, reply) => {
      const feature = featureStatuses(await dataSources()).find((f) => f.id === request.params.id);
      if (!feature) throw new HttpError(404, `Unknown feature: ${request.params.id}.`);
      reply.header('cache-control', 'no-store');
      return feature;
    },
  );
}
