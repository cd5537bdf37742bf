// How long tracking events (and the dashboards' rollups built from them) are kept. The owner
// sets it in the admin; it is stored in `settings` (category `retention`, kept apart from the
// public `analytics`/`seo` categories) and becomes the ClickHouse tables' TTL.
import { Type, type Static } from '@sinclair/typebox';
import { BaseVersionSchema, EditStampSchema } from './edit-versions.ts';

export const RETENTION_SETTING = { category: 'retention', key: 'events_days' } as const;
export const DEFAULT_RETENTION_DAYS = 730;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;

/** Why a number of days is refused, or undefined. */
export function retentionProblem(days: number): string | undefined {
  if (Number.isInteger(days) && days >= MIN_RETENTION_DAYS && days <= MAX_RETENTION_DAYS) return undefined;
  return `Event retention must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`;
}

/** `GET /api/admin/settings/retention`: the days in force (the default while unset) and the version. */
export const EventRetentionSchema = Type.Composite([Type.Object({ eventsDays: Type.Integer() }), EditStampSchema]);
export type EventRetention = Static<typeof EventRetentionSchema>;
/** `PUT /api/admin/settings/retention`: the days and the version they were set on. */
export const EventRetentionSaveSchema = Type.Object(
  { eventsDays: Type.Integer(), baseVersion: BaseVersionSchema },
  { additionalProperties: false },
);
export type EventRetentionSave = Static<typeof EventRetentionSaveSchema>;
/**
 * The answer to a change: the value is stored either way; `applied` says whether the event
 * store took the new TTL, and `message` why not (the collector retries hourly).
 */
export const EventRetentionSavedSchema = Type.Object(
  { eventsDays: Type.Integer(), version: Type.Integer(), applied: Type.Boolean(), message: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type EventRetentionSaved = Static<typeof EventRetentionSavedSchema>;
