import { Type, type Static } from '@sinclair/typebox';

export const StoreHealthSchema = Type.Object({
  ok: Type.Boolean(),
  latencyMs: Type.Number(),
  /** A generic word when not ok ("unreachable", "no answer within 500 ms"); details are in the log. */
  error: Type.Optional(Type.String()),
});

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('distributed')]),
  version: Type.String(),
  postgres: StoreHealthSchema,
  clickhouse: StoreHealthSchema,
  /** The collector's event spool (where a collector runs): can it write to its disk? */
  spool: Type.Optional(StoreHealthSchema),
});

export type Health = Static<typeof HealthSchema>;
export type StoreHealth = Static<typeof StoreHealthSchema>;

/** GET /api/health/live: the process answers; no store is asked. */
export const LivenessSchema = Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() });
export type Liveness = Static<typeof LivenessSchema>;
