// Responses of the ingest metrics and of the analytics dashboards (A/B testing, retargeting,
// funnels, SEO dashboard, data connections, feature status).
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);

export const IngestMetricsSchema = Type.Object({
  accepted: Type.Integer({ description: 'events answered with 202 since start' }),
  bots: Type.Integer({ description: 'of the accepted events, those flagged as bots' }),
  rejected: Type.Integer({ description: 'requests refused (4xx or 503)' }),
  throttled: Type.Integer({ description: 'requests refused with 503 (spool full or unavailable)' }),
  flushed: Type.Integer({ description: 'rows inserted into ClickHouse since start' }),
  flushes: Type.Integer(),
  flushFailures: Type.Integer(),
  lastFlushAt: Type.Union([Type.String(), Type.Null()]),
  lastFlushMs: Nullable(Type.Number()),
  lastFlushError: Type.Union([Type.String(), Type.Null()]),
  spooled: Type.Integer({ description: 'rows on disk waiting for ClickHouse' }),
  spoolBytes: Type.Integer(),
  spoolMaxBytes: Type.Integer(),
  segments: Type.Integer(),
});
export type IngestMetricsResponse = Static<typeof IngestMetricsSchema>;
