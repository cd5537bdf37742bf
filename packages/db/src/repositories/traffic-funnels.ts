// The owner's own funnels on the Traffic page (`traffic_funnels`): a name and its steps.
import type { FunnelStep, OwnerFunnel } from '@curb/contracts/traffic-attribution';
import type { Db } from '../client.ts';

const COLUMNS = (db: Db) => db`id, name, steps, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

export async function list(db: Db): Promise<OwnerFunnel[]> {
  return db<OwnerFunnel[]>`SELECT ${COLUMNS(db)} FROM traffic_funnels ORDER BY created_at, id`;
}

export async function count(db: Db): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM traffic_funnels`;
  return row!.n;
}

export async function get(db: Db, id: string): Promise<OwnerFunnel | undefined> {
  const [row] = await db<OwnerFunnel[]>`SELECT ${COLUMNS(db)} FROM traffic_funnels WHERE id = ${id}`;
  return row;
}

export async function create(db: Db, name: string, steps: FunnelStep[]): Promise<OwnerFunnel> {
  const [row] = await db<OwnerFunnel[]>`
    INSERT INTO traffic_funnels (name, steps) VALUES (${name}, ${db.json(steps as never)}) RETURNING ${COLUMNS(db)}`;
  return row!;
}

/** The funnel as changed, or undefined when there is no such funnel. */
export async function update(db: Db, id: string, name: string, steps: FunnelStep[]): Promise<OwnerFunnel | undefined> {
  const [row] = await db<OwnerFunnel[]>`
    UPDATE traffic_funnels SET name = ${name}, steps = ${db.json(steps as never)}, updated_at = now()
    WHERE id = ${id} RETURNING ${COLUMNS(db)}`;
  return row;
}

export async function remove(db: Db, id: string): Promise<boolean> {
  const rows = await db`DELETE FROM traffic_funnels WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}
