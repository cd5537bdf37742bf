// Saves that cannot undo each other. Every section the owner edits in the admin (a funnel, a
// settings category, the event retention, an A/B test) is at a version; the editor loads it with
// the section and sends it back as `baseVersion` with the save. A save made on an older version
// is refused with 409 and a message naming who saved since and when, so the editor can offer to
// reload their version or overwrite it.
import { Type, type Static } from '@sinclair/typebox';

/** The version a save was made on (an integer column in PostgreSQL: a larger one is refused, not a 500). */
export const BaseVersionSchema = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

/** Who last saved a section and when; version 0 and nulls for a section never saved. */
export const EditStampSchema = Type.Object({
  version: Type.Integer(),
  changedBy: Type.Union([Type.String(), Type.Null()]),
  changedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type EditStamp = Static<typeof EditStampSchema>;

/** "12 May 2026, 14:03 UTC": when, the same for every reader. */
const when = (at: Date | string) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The 409's message: what was changed, by whom and when, and the two ways on. `subject` is how
 * the editor names the section, with its verb ("This funnel was", "The SEO settings were").
 */
export function staleSaveMessage(
  subject: string,
  latest: { version: number; changedBy: string | null; changedAt: Date | string | null },
  baseVersion: number,
): string {
  const by = latest.changedBy ? ` by ${latest.changedBy}` : '';
  const at = latest.changedAt ? ` at ${when(latest.changedAt)}` : '';
  return (
    `${subject} changed${by}${at} (version ${latest.version}) after you opened it (version ${baseVersion}). ` +
    'Reload to see those changes, or overwrite them with yours.'
  );
}
