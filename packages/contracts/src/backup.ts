// Backups: the outcome of the last backups the running product took (the worker's daily
// one to BACKUP_DIR, or one `pnpm backup` asked of it), kept as settings values, and what the
// admin's System Overview reads of them.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Where the outcomes are kept: one settings value each (JSON). */
export const BACKUP_SETTINGS = { category: 'backup', lastSuccess: 'last_success', lastFailure: 'last_failure' } as const;

/** The worker's daily backup: 03:30 UTC, a quiet hour for most sites (pg-boss cron). */
export const BACKUP_CRON = '30 3 * * *';
export const BACKUP_AT_UTC = '03:30';

export const BackupTriggerSchema = Type.Union([Type.Literal('schedule'), Type.Literal('command')], {
  description: "the worker's daily backup, or one `pnpm backup` asked of the running product",
});

export const BackupSuccessSchema = Type.Object({
  at: Type.String({ description: 'when the archive was complete' }),
  trigger: BackupTriggerSchema,
  file: Type.String({ description: 'the archive, on the machine that wrote it' }),
  bytes: Type.Integer(),
  moment: Type.String({ description: 'the moment it holds: beacons acknowledged later are not in it' }),
  postgresRows: Type.Integer(),
  clickhouseRows: Type.Integer(),
  ms: Type.Integer(),
  notCovered: Type.Array(Type.String(), { description: 'what the product stores that it does not hold (external stores)' }),
});
export type BackupSuccess = Static<typeof BackupSuccessSchema>;

export const BackupFailureSchema = Type.Object({
  at: Type.String(),
  trigger: BackupTriggerSchema,
  error: Type.String(),
});
export type BackupFailure = Static<typeof BackupFailureSchema>;

export const BackupStatusSchema = Type.Object({
  /** The daily backup of this configuration, or null when BACKUP_DIR is unset. */
  schedule: Type.Union([
    Type.Object({ dir: Type.String(), keep: Type.Integer(), at: Type.String({ description: 'UTC time of day' }) }),
    Type.Null(),
  ]),
  lastSuccess: Type.Union([BackupSuccessSchema, Type.Null()]),
  lastFailure: Type.Union([BackupFailureSchema, Type.Null()]),
});
export type BackupStatus = Static<typeof BackupStatusSchema>;

/** A stored outcome, or null when it is missing or not one (written by another version). */
export function parseStored<T>(schema: typeof BackupSuccessSchema | typeof BackupFailureSchema, text: string | undefined): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Value.Check(schema, value) ? (value as T) : null;
  } catch {
    return null;
  }
}
