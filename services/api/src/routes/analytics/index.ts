// The owner's analytics dashboards: A/B testing, retargeting and the SEO dashboard, each an
// aggregation in ClickHouse (packages/analytics/src/dashboards; the SEO card's traffic through
// the stats query layer). Admin-only by path (the
// auth plugin guards /api/analytics and /api/seo).
import type { RouteApp } from '../../lib/route-app.ts';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import {
  AbTestingResponseSchema,
  RetargetingResponseSchema,
  SeoDashboardSchema,
  SetupKeywordsBodySchema,
  SetupKeywordsResponseSchema,
  parsePeriodDays,
  PERIOD_DAYS_MESSAGE,
  type PeriodDays,
  type SeoDashboard,
} from '@curb/contracts/analytics';
import type { Config } from '@curb/contracts/config';
import { abTestingDashboard, type AbSplits } from '@curb/analytics/dashboards/ab-testing';
import { retargetingDashboard } from '@curb/analytics/dashboards/retargeting';
import { mailOnlyToOutbox } from '@curb/contracts/mail';
import { seoTraffic } from '@curb/analytics/dashboards/seo';
import { abTests, settings, type Sql } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { testPhases } from '../../lib/ab-phases.ts';
import { statsContextSource } from '../stats/context.ts';
import { ownSiteAnalyser } from './own-site.ts';

const PeriodQuerySchema = Type.Object({ days: Type.Optional(Type.String({ maxLength: 8 })) }, { additionalProperties: false });
type PeriodQuery = { days?: string };

/** Where the keyword-tracking domain is kept (set by POST /api/seo/setup-keywords). */
export const KEYWORD_SETTING = { category: 'keywords', key: 'domain' } as const;

// A registrable host name: labels of letters, digits and inner hyphens, a letter TLD.
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Accepts `example.com`, `www.example.com` or a URL of the site; null when it is not a domain. */
export function normaliseDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (/^https?:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return null;
    }
  }
  text = text.replace(/\/$/, '');
  return DOMAIN.test(text) ? text : null;
}

/** The owner's splits: the A/B split check compares exposures with these. */
async function abSplits(sql: Sql): Promise<AbSplits> {
  const rows = await abTests.list(sql);
  return Object.fromEntries(
    rows.map((r) => [r.test_type, { weights: r.weights, rolledOut: r.status === 'rolled-out', changedAt: r.changed_at.getTime() }]),
  );
}

export default async function analyticsRoutes(app: RouteApp, opts: { config: Config; stores: Stores }): Promise<void> {
  const { ch, sql } = opts.stores;
  const homePage = ownSiteAnalyser(app, opts.config.PUBLIC_URL);
  // The SEO card's week is the Traffic page's, in the owner's time zone.
  const statsContext = statsContextSource(app);

  const period = (query: PeriodQuery): PeriodDays => {
    const days = parsePeriodDays(query.days);
    if (days === null) throw new HttpError(400, PERIOD_DAYS_MESSAGE);
    return days;
  };

  // A dashboard stores its closed days after answering; a failure is logged and the next request tries again.
  const logFailure = (request: FastifyRequest) => (work: Promise<void>) =>
    void work.catch((err: unknown) => request.log.error({ err }, "Storing a dashboard's closed days failed; the next request tries again"));

  app.get(
    '/api/analytics/ab-testing',
    { schema: { querystring: PeriodQuerySchema, response: { 200: AbTestingResponseSchema } } },
    async (request, reply) => {
      const days = period(request.query);
      reply.header('cache-control', 'no-store');
      const [splits, phases] = await Promise.all([abSplits(sql), testPhases(sql)]);
      return abTestingDashboard(ch, days, Date.now(), { background: logFailure(request), splits, phases });
    },
  );

  app.get(
    '/api/analytics/retargeting',
    { schema: { querystring: PeriodQuerySchema, response: { 200: RetargetingResponseSchema } } },
    async (request, reply) => {
      const days = period(request.query);
      reply.header('cache-control', 'no-store');
      const dashboard = await retargetingDashboard(ch, days, Date.now(), { background: logFailure(request) });
      return { ...dashboard, mailOnlyToOutbox: mailOnlyToOutbox(opts.config) };
    },
  );

  app.get('/api/seo/dashboard', { schema: { response: { 200: SeoDashboardSchema } } }, async (_request, reply): Promise<SeoDashboard> => {
    const [traffic, website, keyword] = await Promise.all([
      statsContext().then((context) => seoTraffic(ch, context)),
      homePage(),
      settings.find(sql, KEYWORD_SETTING.category, KEYWORD_SETTING.key),
    ]);
    reply.header('cache-control', 'no-store');
    return {
      googleAnalytics: traffic,
      searchConsole: { totalClicks: null, totalImpressions: null, averagePosition: null },
      keywordRankings: { totalKeywords: null, averagePosition: null, improvements: null },
      keywordTracking: { domain: keyword || null, sourceConfigured: false },
      websiteAnalytics: website,
    };
  });

  app.post(
    '/api/seo/setup-keywords',
    { schema: { body: SetupKeywordsBodySchema, response: { 200: SetupKeywordsResponseSchema, '4xx': ErrorResponseSchema } } },
    async (request, _reply) => {
      const domain = normaliseDomain(request.body.domain);
      if (!domain) throw new HttpError(400, 'Please enter a valid domain, such as example.com.');
      await settings.save(sql, KEYWORD_SETTING.category, KEYWORD_SETTING.key, domain);
      return { message: 'Keyword tracking setup initiated!', domain };
    },
  );
}
