// The owner's funnels (`funnels`): the landing pages' texts, colours and configuration. The
// stored `config` is whatever an earlier version saved; the api completes it with defaults.
import type { Funnel } from '@curb/contracts/analytics';
import type { FunnelEdit } from '@curb/contracts/funnel-config';
import type { Db } from '../client.ts';

export interface FunnelRow {
  name: string;
  title: string;
  subtitle: string;
  description: string;
  is_active: boolean;
  primary_color: string;
  config: unknown;
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
  const [row] = await db<
    FunnelRow[]
  >`SELECT name, title, subtitle, description, is_active, primary_color, config FROM funnels WHERE id = ${id}`;
  return row;
}

/** Saves the Edit dialog's fields as given; the stored funnel, or undefined when there is none with this id. */
export async function update(db: Db, id: string, edit: FunnelEdit): Promise<FunnelRow | undefined> {
  const [row] = await db<FunnelRow[]>`
    UPDATE funnels SET name = ${edit.name}, title = ${edit.title}, subtitle = ${edit.subtitle},
      description = ${edit.description}, is_active = ${edit.isActive}, primary_color = ${edit.primaryColor},
      config = ${db.json(edit.config as never)}
    WHERE id = ${id}
    RETURNING name, title, subtitle, description, is_active, primary_color, config`;
  return row;
}
