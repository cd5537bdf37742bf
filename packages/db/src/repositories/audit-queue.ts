// Taking the next audit-run job, fairly. pg-boss hands out the oldest job whatever it is, so
// leads of one client (or of one site) queued first would all run before anyone else's. Each
// audit-run job carries keys (`data.keys`: `site:` its site, `email:` and `client:` who sent
// it). A take skips every job that shares a key with an audit already running, so a site or a
// client has one audit running at most, and among the rest takes the one whose turn comes
// first, then the oldest. A job's turn counts, for each of its client keys, the audits that
// client started in the last ten minutes plus its own place among that client's waiting jobs:
// a newcomer's lead has turn 1 and goes before a flood's second lead, however many the flood
// queued first. (The site key only excludes: a site audited a minute ago is not a client that
// had its turn.) The job is marked active the way pg-boss's own fetch does (same state, start
// time and retry count), so pg-boss still completes, fails, retries and expires it. Jobs
// without keys (queued by an older version) wait for nobody and have turn 1.
import type { Sql } from '../client.ts';

/** pg-boss's schema (startJobQueue). */
const SCHEMA = 'pgboss';
/** How far back the audits a client started count against its turn. */
const HISTORY = '10 minutes';

export interface TakenJob {
  id: string;
  data: unknown;
  /** Attempts before this one (pg-boss's retry_count). */
  retryCount: number;
  retryLimit: number;
}

/**
 * Marks the next runnable job of `queue` (free keys, earliest turn, oldest) as active and
 * returns it; undefined when every waiting job shares a key with a running one (or none
 * waits). Takes are serialised by an advisory lock, so two workers never start two jobs with a
 * key in common.
 */
export async function takeNext(sql: Sql, queue: string): Promise<TakenJob | undefined> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`curb:take:${queue}`}))`;
    // A statement of its own after the lock: its snapshot sees the job the previous take activated.
    const [row] = await tx<TakenJob[]>`
      WITH keyed AS (
        SELECT j.id, j.state, j.start_after, j.started_on, j.created_on, j.priority,
          CASE WHEN jsonb_typeof(j.data -> 'keys') = 'array' THEN j.data -> 'keys' ELSE '[]'::jsonb END AS keys
        FROM ${tx(SCHEMA)}.job j
        WHERE j.name = ${queue}
          AND (j.state = 'active' OR (j.state < 'active' AND j.start_after < now()) OR j.started_on > now() - ${HISTORY}::interval)
      ), busy AS (
        SELECT DISTINCT k.key FROM keyed a CROSS JOIN LATERAL jsonb_array_elements_text(a.keys) AS k(key) WHERE a.state = 'active'
      ), started AS (
        SELECT k.key, count(*) AS n
        FROM keyed r CROSS JOIN LATERAL jsonb_array_elements_text(r.keys) AS k(key)
        WHERE r.state >= 'active' AND r.started_on > now() - ${HISTORY}::interval AND k.key NOT LIKE 'site:%'
        GROUP BY k.key
      ), waiting AS (
        SELECT w.* FROM keyed w WHERE w.state < 'active' AND w.start_after < now() AND NOT (w.keys ?| ARRAY(SELECT key FROM busy))
      ), places AS (
        SELECT w.id, k.key, row_number() OVER (PARTITION BY k.key ORDER BY w.created_on, w.id) AS place
        FROM keyed w CROSS JOIN LATERAL jsonb_array_elements_text(w.keys) AS k(key)
        WHERE w.state < 'active' AND w.start_after < now() AND k.key NOT LIKE 'site:%'
      ), turns AS (
        SELECT w.id, w.priority, w.created_on, COALESCE(max(p.place + COALESCE(s.n, 0)), 1) AS turn
        FROM waiting w LEFT JOIN places p ON p.id = w.id LEFT JOIN started s ON s.key = p.key
        GROUP BY w.id, w.priority, w.created_on
      ), next AS (
        SELECT j.id
        FROM ${tx(SCHEMA)}.job j JOIN turns t ON t.id = j.id
        WHERE j.name = ${queue} AND j.state < 'active'
        ORDER BY t.turn, t.priority DESC, t.created_on, t.id
        LIMIT 1
        FOR UPDATE OF j SKIP LOCKED
      )
      UPDATE ${tx(SCHEMA)}.job j SET
        state = 'active',
        started_on = now(),
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
      FROM next
      WHERE j.name = ${queue} AND j.id = next.id
      RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`;
    return row;
  });
}
