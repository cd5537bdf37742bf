// The Traffic page's lead views (admin only, by path): which visits brought the leads (first or
// last touch), one lead's journey opened from Marketing Audits, the owner's own funnels with
// their conversion per step, and the weekly e-mail's setting. Periods are the Traffic page's, in
// the owner's time zone; attribution and the funnels follow its filters too.
import { Type } from '@sinclair/typebox';
import { STATS_PERIODS, StatsFiltersSchema, type StatsQuery } from '@curb/contracts/stats';
import { Value } from '@sinclair/typebox/value';
import {
  AttributionQuerySchema,
  AttributionResponseSchema,
  type JourneyMilestone,
  LeadJourneySchema,
  OWNER_FUNNEL_MAX,
  type OwnerFunnelInput,
  OwnerFunnelInputSchema,
  OwnerFunnelReportQuerySchema,
  OwnerFunnelReportSchema,
  OwnerFunnelSchema,
  ownerFunnelProblem,
  type TrafficPeriodQuery,
  WeeklyEmailSaveSchema,
  WeeklyEmailSectionSchema,
  type WeeklyEmailSection,
} from '@curb/contracts/traffic-attribution';
import { isValidEmail } from '@curb/content/forms';
import { parseClientJson } from '@curb/contracts/text-hygiene';
import { attributeLeads, leadJourneyEvents, leadTouches } from '@curb/analytics/dashboards/attribution';
import { ownerFunnelReport } from '@curb/analytics/dashboards/owner-funnels';
import { type Range, resolveDateRange } from '@curb/analytics/stats/periods';
import { StatsQueryError } from '@curb/analytics/stats/errors';
import { filteredVisits, visitFilters } from '@curb/analytics/stats/index';
import { editVersions, leadAttribution, trafficFunnels, weeklyTrafficMail } from '@curb/db';
import { HttpError, type Stores } from '@curb/runtime';
import { claimVersion, whoIs } from '../../lib/edit-version.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { statsContextSource } from '../stats/context.ts';

const IdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const FieldErrorSchema = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });
const DEFAULT_PERIOD = '30d';
const ALL_TIME_FROM = '1970-01-01';

/** The Traffic page's filters (JSON text in the address), checked for their shape; a 400 naming what is wrong. */
function filtersOf(text: string | undefined): StatsQuery['filters'] {
  if (!text) return undefined;
  const parsed = parseClientJson(text);
  if (!parsed.ok) throw new HttpError(400, 'filters: not JSON.', { field: 'filters' });
  if (!Value.Check(StatsFiltersSchema, parsed.value)) {
    throw new HttpError(400, 'filters: a list of [operator, dimension, [values]].', { field: 'filters' });
  }
  return parsed.value;
}

/** A stats layer reading of the filters; what it refuses (an unknown dimension, goal…) is a 400 naming it. */
function underFilters<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof StatsQueryError) throw new HttpError(400, err.message, { field: 'filters' });
    throw err;
  }
}

/** The Traffic page's period as instants; a 400 naming what is wrong. */
export function trafficRange(query: TrafficPeriodQuery, timeZone: string, now: number): Range {
  const period = query.period ?? DEFAULT_PERIOD;
  let dateRange: StatsQuery['date_range'];
  if (period === 'custom') {
    if (!query.from || !query.to) throw new HttpError(400, 'A custom period needs both from and to (YYYY-MM-DD).', { field: 'from' });
    dateRange = [query.from, query.to];
  } else if ((STATS_PERIODS as readonly string[]).includes(period)) dateRange = period;
  else throw new HttpError(400, `period: unknown period "${period.slice(0, 20)}".`, { field: 'period' });
  try {
    // "All time" reaches back as far as a query may (the events are kept for less).
    return resolveDateRange(dateRange, timeZone, now, ALL_TIME_FROM);
  } catch (err) {
    if (err instanceof StatsQueryError) throw new HttpError(400, err.message.replace(/^date_range/, 'period'), { field: 'period' });
    throw err;
  }
}

function checkedFunnel(body: OwnerFunnelInput): OwnerFunnelInput {
  const problem = ownerFunnelProblem(body);
  if (problem) throw new HttpError(400, problem.message, { field: problem.field });
  return { name: body.name.trim(), steps: body.steps.map((s) => ({ kind: s.kind, value: s.value.trim() })) };
}

export default async function trafficAttributionRoutes(app: RouteApp, opts: { stores: Stores }): Promise<void> {
  const { ch, sql } = opts.stores;
  const context = statsContextSource(app);
  const range = async (query: TrafficPeriodQuery) => trafficRange(query, (await context()).timeZone, Date.now());

  app.get(
    '/api/admin/traffic/attribution',
    { schema: { querystring: AttributionQuerySchema, response: { 200: AttributionResponseSchema, 400: FieldErrorSchema } } },
    async (request, reply) => {
      const r = await range(request.query);
      const model = request.query.model ?? 'first';
      const dimension = request.query.dimension ?? 'channel';
      const ctx = await context();
      const kept = underFilters(() => visitFilters(filtersOf(request.query.filters), ctx));
      const leads = await leadAttribution.created(sql, new Date(r.from), new Date(r.to));
      const { rows, totals } = attributeLeads(leads, await leadTouches(ch, leads, kept), model, dimension);
      reply.header('cache-control', 'no-store');
      return { model, dimension, from: r.firstDay, to: r.lastDay, rows, totals };
    },
  );

  app.get(
    '/api/admin/traffic/journey/:id',
    { schema: { params: IdParamsSchema, response: { 200: LeadJourneySchema } } },
    async (request, reply) => {
      const lead = await leadAttribution.forAudit(sql, request.params.id);
      if (!lead) throw new HttpError(404, 'No such audit: it may have been erased.');
      const [events, touches] = await Promise.all([
        leadJourneyEvents(ch, lead.email),
        leadTouches(ch, [
          { email: lead.email, createdAt: lead.createdAt.getTime(), auditRequested: true, reportOpened: false, emailOpened: false },
        ]),
      ]);
      const own: JourneyMilestone[] = [
        ...(lead.leadId ? [{ kind: 'lead' as const, at: lead.createdAt.toISOString(), detail: '' }] : []),
        ...lead.audits.map((a) => ({ kind: 'audit_requested' as const, at: a.requestedAt.toISOString(), detail: a.website ?? '' })),
      ];
      reply.header('cache-control', 'no-store');
      return {
        leadId: lead.leadId ?? '',
        email: lead.email,
        createdAt: lead.createdAt.toISOString(),
        firstTouch: touches.get(lead.email)?.first ?? null,
        visits: events.visits,
        milestones: [...own, ...events.milestones].sort((a, b) => a.at.localeCompare(b.at)),
      };
    },
  );

  app.get('/api/admin/traffic/funnels', { schema: { response: { 200: Type.Array(OwnerFunnelSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return trafficFunnels.list(sql);
  });

  app.post(
    '/api/admin/traffic/funnels',
    { schema: { body: OwnerFunnelInputSchema, response: { 201: OwnerFunnelSchema, 400: FieldErrorSchema } } },
    async (request, reply) => {
      const funnel = checkedFunnel(request.body);
      if ((await trafficFunnels.count(sql)) >= OWNER_FUNNEL_MAX)
        throw new HttpError(400, `At most ${OWNER_FUNNEL_MAX} funnels: delete one first.`, { field: 'name' });
      return reply.code(201).send(await trafficFunnels.create(sql, funnel.name, funnel.steps));
    },
  );

  app.put(
    '/api/admin/traffic/funnels/:id',
    { schema: { params: IdParamsSchema, body: OwnerFunnelInputSchema, response: { 200: OwnerFunnelSchema, 400: FieldErrorSchema } } },
    async (request) => {
      const funnel = checkedFunnel(request.body);
      const saved = await trafficFunnels.update(sql, request.params.id, funnel.name, funnel.steps);
      if (!saved) throw new HttpError(404, 'No such funnel.');
      return saved;
    },
  );

  app.delete('/api/admin/traffic/funnels/:id', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    if (!(await trafficFunnels.remove(sql, request.params.id))) throw new HttpError(404, 'No such funnel.');
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/traffic/funnels/:id/report',
    {
      schema: {
        params: IdParamsSchema,
        querystring: OwnerFunnelReportQuerySchema,
        response: { 200: OwnerFunnelReportSchema, 400: FieldErrorSchema },
      },
    },
    async (request, reply) => {
      const funnel = await trafficFunnels.get(sql, request.params.id);
      if (!funnel) throw new HttpError(404, 'No such funnel.');
      const { filters, ...period } = request.query;
      const r = await range(period);
      const ctx = await context();
      const visits = underFilters(() => filteredVisits(filtersOf(filters), r, ctx));
      reply.header('cache-control', 'no-store');
      return { funnel, from: r.firstDay, to: r.lastDay, steps: await ownerFunnelReport(ch, funnel, r.from, r.to, visits) };
    },
  );

  // The weekly e-mail is a settings section: each save is made on the version the admin showed.
  const WEEKLY_SECTION = 'settings:weekly-email';
  const weeklySection = async (): Promise<WeeklyEmailSection> => {
    const [{ enabled, recipient }, stamp] = await Promise.all([weeklyTrafficMail.read(sql), editVersions.current(sql, WEEKLY_SECTION)]);
    return { enabled, recipient, version: stamp.version, changedBy: stamp.changedBy, changedAt: stamp.changedAt?.toISOString() ?? null };
  };

  app.get('/api/admin/traffic/weekly-email', { schema: { response: { 200: WeeklyEmailSectionSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return weeklySection();
  });

  app.put(
    '/api/admin/traffic/weekly-email',
    { schema: { body: WeeklyEmailSaveSchema, response: { 200: WeeklyEmailSectionSchema, '4xx': FieldErrorSchema } } },
    async (request) => {
      const recipient = request.body.recipient.trim();
      if (recipient && !isValidEmail(recipient))
        throw new HttpError(400, 'The recipient must be an e-mail address.', { field: 'recipient' });
      if (request.body.enabled && !recipient)
        throw new HttpError(400, 'Give the address the weekly e-mail goes to.', { field: 'recipient' });
      const changedBy = await whoIs(sql, request);
      await sql.begin(async (tx) => {
        await claimVersion(tx, WEEKLY_SECTION, request.body.baseVersion, changedBy, 'The weekly e-mail setting was');
        await weeklyTrafficMail.save(tx, request.body.enabled, recipient);
      });
      return weeklySection();
    },
  );
}
