import { Type, type Static } from '@sinclair/typebox';

export const StoreHealthSchema = Type.Object({
  ok: Type.Boolean(),
  latencyMs: Type.Number(),
});

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('distributed')]),
  version: Type.String(),
  postgres: StoreHealthSchema,
  clickhouse: StoreHealthSchema,
});

export type Health = Static<typeof HealthSchema>;
