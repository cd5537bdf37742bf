// A save on a version: who is saving, and the section's next version claimed for them, or a
// 409 naming who saved since and when (the editor then offers to reload or overwrite).
import type { FastifyRequest } from 'fastify';
import { staleSaveMessage } from '@curb/contracts/edit-versions';
import { adminUsers, editVersions, type Db, type Tx } from '@curb/db';
import { HttpError } from '@curb/runtime';

/** Who saves: the signed-in owner's e-mail. */
export async function whoIs(sql: Db, request: FastifyRequest): Promise<string> {
  const id = request.adminId();
  return (id && (await adminUsers.findById(sql, id))?.email) || 'unknown';
}

/**
 * Claims `section`'s next version for a save made on `baseVersion`, inside the save's
 * transaction; throws the 409 when someone saved since. `subject` names the section in it.
 */
export async function claimVersion(tx: Tx, section: string, baseVersion: number, changedBy: string, subject: string): Promise<number> {
  const claimed = await editVersions.claim(tx, section, baseVersion, changedBy);
  if (claimed.stale) throw new HttpError(409, staleSaveMessage(subject, claimed.stale, baseVersion));
  return claimed.version;
}
