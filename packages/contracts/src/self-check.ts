// The production self-check: what a one-server owner must have right, each item with its fix.
// Printed at start (one line per failing item) and shown on the admin's System Overview.
import { Type, type Static } from '@sinclair/typebox';

export const SELF_CHECK_ITEMS = ['https', 'mail', 'backups', 'disk', 'admin'] as const;

export const SelfCheckItemSchema = Type.Object({
  id: Type.Union(SELF_CHECK_ITEMS.map((id) => Type.Literal(id))),
  ok: Type.Boolean(),
  /** What was found, in one sentence. */
  text: Type.String(),
  /** How to fix it, when it is not ok. */
  fix: Type.Union([Type.String(), Type.Null()]),
});
export type SelfCheckItem = Static<typeof SelfCheckItemSchema>;

export const SelfCheckSchema = Type.Object({ items: Type.Array(SelfCheckItemSchema) });
export type SelfCheck = Static<typeof SelfCheckSchema>;

/** Free space below either of these on the data directory's disk is a failing item. */
export const MIN_FREE_DISK_BYTES = 2 * 1024 ** 3;
export const MIN_FREE_DISK_SHARE = 0.1;
/** A daily backup older than this is late. */
export const BACKUP_LATE_MS = 26 * 3600_000;
