// The owner's API tokens for POST /api/stats (`stats_api_tokens`, only hashes) and their goals
// (`stats_goals`).
import type { ApiToken, Goal, GoalInput } from '@curb/contracts/stats';
import type { Db } from '../client.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TOKEN_COLUMNS = (db: Db) =>
  db.unsafe(
    `id, name, prefix, ${iso('created_at')} AS "createdAt", ${iso('last_used_at')} AS "lastUsedAt", ${iso('revoked_at')} AS "revokedAt"`,
  );

export async function listTokens(db: Db): Promise<ApiToken[]> {
  return db<ApiToken[]>`SELECT ${TOKEN_COLUMNS(db)} FROM stats_api_tokens ORDER BY created_at DESC, id`;
}

export async function createToken(db: Db, name: string, hash: Buffer, prefix: string): Promise<ApiToken> {
  const [row] = await db<ApiToken[]>`
    INSERT INTO stats_api_tokens (name, token_hash, prefix) VALUES (${name}, ${hash}, ${prefix}) RETURNING ${TOKEN_COLUMNS(db)}`;
  return row!;
}

/** Revokes a token; false when there is no such token. Revoking twice keeps the first time. */
export async function revokeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db`UPDATE stats_api_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

/**
 * Whether a token's hash belongs to an unrevoked token; notes when it was used (at most once a
 * minute, so a busy tool does not write on every request).
 */
export async function useToken(db: Db, hash: Buffer): Promise<boolean> {
  const [row] = await db<{ id: string; stale: boolean }[]>`
    SELECT id, last_used_at IS NULL OR last_used_at < now() - interval '1 minute' AS stale
    FROM stats_api_tokens WHERE token_hash = ${hash} AND revoked_at IS NULL`;
  if (!row) return false;
  if (row.stale) await db`UPDATE stats_api_tokens SET last_used_at = now() WHERE id = ${row.id}`;
  return true;
}

const GOAL_COLUMNS = 'id, name, kind, match';

export async function listGoals(db: Db): Promise<Goal[]> {
  return db<Goal[]>`SELECT ${db.unsafe(GOAL_COLUMNS)} FROM stats_goals ORDER BY created_at, id`;
}

/** The new goal, or undefined when another goal has the name. */
export async function createGoal(db: Db, goal: GoalInput): Promise<Goal | undefined> {
  const [row] = await db<Goal[]>`
    INSERT INTO stats_goals (name, kind, match) VALUES (${goal.name}, ${goal.kind}, ${goal.match})
    ON CONFLICT (name) DO NOTHING RETURNING ${db.unsafe(GOAL_COLUMNS)}`;
  return row;
}

/** The goal as changed; 'missing' without such a goal, 'taken' when another goal has the name. */
export async function updateGoal(db: Db, id: string, goal: GoalInput): Promise<Goal | 'missing' | 'taken'> {
  const [clash] = await db`SELECT 1 FROM stats_goals WHERE name = ${goal.name} AND id <> ${id}`;
  if (clash) return 'taken';
  const [row] = await db<Goal[]>`
    UPDATE stats_goals SET name = ${goal.name}, kind = ${goal.kind}, match = ${goal.match} WHERE id = ${id}
    RETURNING ${db.unsafe(GOAL_COLUMNS)}`;
  return row ?? 'missing';
}

export async function removeGoal(db: Db, id: string): Promise<boolean> {
  const rows = await db`DELETE FROM stats_goals WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}
