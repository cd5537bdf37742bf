// The owner's funnels (`funnels`) and every saved version of them (`funnel_versions`): the
// landing pages' texts, colours and configuration. The stored `config` is whatever an earlier
// version saved; the api completes it with defaults.
import type { Funnel } from '@curb/contracts/analytics';
import type { FunnelEdit } from '@curb/contracts/funnel-config';
import type { Db, Tx } from '../client.ts';

export interface FunnelRow {
  name: string;
  title: string;
  subtitle: string;
  description: string;
  is_active: boolean;
  primary_color: string;
  config: unknown;
  version: number;
}

/** Every funnel, oldest first, as the funnel manager lists them. */
export async function list(db: Db): Promise<Funnel[]> {
  return db<Funnel[]>`
    SELECT id, name, title, subtitle, description, is_active AS "isActive", primary_color AS "primaryColor"
    FROM funnels ORDER BY created_at, id`;
}

export async function exists(db: Db, id: string): Promise<boolean> {
  const [row] = await db`SELECT id FROM funnels WHERE id = ${id}`;
  return row !== undefined;
}

/** What the Edit dialog shows. */
export async function findForEdit(db: Db, id: string): Promise<FunnelRow | undefined> {
  const [row] = await db<FunnelRow[]>`
    SELECT name, title, subtitle, description, is_active, primary_color, config, version FROM funnels WHERE id = ${id}`;
  return row;
}

/** The funnel as `findForEdit`, its row locked until the transaction ends (one save at a time). */
export async function lockForEdit(tx: Tx, id: string): Promise<FunnelRow | undefined> {
  const [row] = await tx<FunnelRow[]>`
    SELECT name, title, subtitle, description, is_active, primary_color, config, version FROM funnels WHERE id = ${id} FOR UPDATE`;
  return row;
}

/** Saves the Edit dialog's fields as the next version; the stored funnel, or undefined when there is none with this id. */
export async function update(tx: Tx, id: string, edit: FunnelEdit): Promise<FunnelRow | undefined> {
  const [row] = await tx<FunnelRow[]>`
    UPDATE funnels SET name = ${edit.name}, title = ${edit.title}, subtitle = ${edit.subtitle},
      description = ${edit.description}, is_active = ${edit.isActive}, primary_color = ${edit.primaryColor},
      config = ${tx.json(edit.config as never)}, version = version + 1
    WHERE id = ${id}
    RETURNING name, title, subtitle, description, is_active, primary_color, config, version`;
  return row;
}

export interface NewVersion {
  funnelId: string;
  version: number;
  snapshot: FunnelEdit;
  changedBy: string;
  changes: string[];
  revertedTo: number | null;
}

export async function insertVersion(tx: Tx, v: NewVersion): Promise<void> {
  await tx`
    INSERT INTO funnel_versions (funnel_id, version, snapshot, changed_by, changes, reverted_to)
    VALUES (${v.funnelId}, ${v.version}, ${tx.json(v.snapshot as never)}, ${v.changedBy}, ${tx.json(v.changes)}, ${v.revertedTo})`;
}

export interface VersionRow {
  version: number;
  changed_at: Date;
  changed_by: string;
  changes: string[];
  reverted_to: number | null;
}

/** A funnel's versions, newest first. */
export async function history(db: Db, id: string, limit: number): Promise<VersionRow[]> {
  return db<VersionRow[]>`
    SELECT version, changed_at, changed_by, changes, reverted_to FROM funnel_versions
    WHERE funnel_id = ${id} ORDER BY version DESC LIMIT ${limit}`;
}

/** The edit a version saved (its config as stored then), or undefined. */
export async function versionSnapshot(db: Db, id: string, version: number): Promise<unknown> {
  const [row] = await db<{ snapshot: unknown }[]>`SELECT snapshot FROM funnel_versions WHERE funnel_id = ${id} AND version = ${version}`;
  return row?.snapshot;
}

export interface PublicRow {
  id: string;
  title: string;
  is_active: boolean;
  config: unknown;
}

/** What the public site applies of every funnel. */
export async function publicRows(db: Db): Promise<PublicRow[]> {
  return db<PublicRow[]>`SELECT id, title, is_active, config FROM funnels ORDER BY created_at, id`;
}

/** A funnel's active flag and stored config, for the lead it brings (undefined when there is no such funnel). */
export async function forLead(db: Db, id: string): Promise<{ is_active: boolean; config: unknown } | undefined> {
  const [row] = await db<{ is_active: boolean; config: unknown }[]>`SELECT is_active, config FROM funnels WHERE id = ${id}`;
  return row;
}
