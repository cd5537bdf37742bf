// A person's tracking events, found by their e-mail address: every event that carries the address
// (in any text column: the e-mail, a path, a referrer, a property) and the other events of the
// sessions those events belong to. Never everything under a visitor id: the cookieless id is
// derived from the network address and browser, so people behind one office or home connection
// share it, and one person's request must not reach another's visits. An access request reads them;
// an erasure rebuilds the rollups of the days they fell on from the other events, drops the
// closed-days snapshots built from those rollups (and reloads their dictionaries), then deletes
// the events themselves, in that order so an erasure cut short finds the events again and
// redoes every step. Deletes are mutations that rewrite the parts (ALTER TABLE … DELETE, waited
// for), not lightweight deletes, which would only hide the rows.
import { parseBackfill, selectFrom, type Backfill } from './backfill.ts';
import type { ClickHouse } from './clickhouse.ts';
import { SESSION_KEY } from './visits.ts';
import { loadClickHouseMigrations } from './migrate.ts';

/** An address as the stores keep it: the collector and the api write events' addresses in lower case. */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * Characters that may stand right before an address's local part inside a longer address: every
 * character RFC 5322 allows in an unquoted local part (atext and the dot). An address preceded by
 * one of them is another person's (`o'ann@x`, `x/ann@x`, `a=ann@x` are not `ann@x`).
 */
const LOCAL_PART_CHARS = "a-z0-9!#$%&'*+/=?^_`{|}~.-";

/**
 * A regular expression (RE2 and JavaScript alike; apply it case-insensitively) that finds the
 * address in free text, also with its `@` written `%40`, and not inside a longer address:
 * `ann@x.com` is not in `joann@x.com`, `o'ann@x.com` nor `ann@x.com.au`. A query string's
 * `?key=` or `&key=` right before it still counts as a boundary (`/thanks?email=ann%40x.com`).
 */
export function addressPattern(email: string): string {
  const address = normaliseAddress(email);
  const at = address.lastIndexOf('@');
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)].map((s) => s.replace(REGEX_SPECIAL, '\\$&'));
  return `(^|[^${LOCAL_PART_CHARS}]|[?&][a-z0-9_.-]*=)${local}(@|%40)${domain}($|[^a-z0-9.-]|\\.($|[^a-z0-9]))`;
}

/** Whether a text holds the address (see addressPattern): the one test the files and mails of a person use. */
export function addressMatcher(email: string): (text: string) => boolean {
  const pattern = new RegExp(addressPattern(email), 'i');
  return (text) => pattern.test(text);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The sessions that are the person's: those in which an event carried the address. */
export interface PersonIds {
  sessions: string[];
}

/** SQL over `events`: the row carries the address in a text column. The columns are read from the table, so a new one is covered. */
async function carriesAddress(ch: ClickHouse): Promise<string> {
  const columns = await ch.query<{ name: string; type: string }>(
    `SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = 'events' ORDER BY position`,
  );
  const texts: string[] = [];
  for (const { name, type } of columns) {
    if (!IDENTIFIER.test(name)) continue;
    if (/^(LowCardinality\()?(Nullable\()?String\)*$/.test(type)) texts.push(`[toString(${name})]`);
    else if (/^Map\((LowCardinality\()?String\)?, *(LowCardinality\()?String\)?\)$/.test(type))
      texts.push(`mapKeys(${name}), mapValues(${name})`);
  }
  return `(email = {email:String} OR match(arrayStringConcat(arrayConcat(${texts.join(', ')}), '\\n'), {pattern:String}))`;
}

/** SQL over `events`: the row is the person's (carries the address, or is of one of their sessions). */
const isPersons = (carries: string) => `(${carries} OR (session_id != '' AND has({sessions:Array(String)}, session_id)))`;

const params = (email: string, ids: PersonIds) => ({
  email: normaliseAddress(email),
  pattern: `(?i)${addressPattern(email)}`,
  sessions: ids.sessions,
});

/**
 * The person's sessions: those of the events carrying the address, and `known` (found in the
 * spool). A session keeps its id when the cookieless visitor id changes at midnight, so a visit
 * that went on past it is theirs whole.
 */
export async function personIds(ch: ClickHouse, email: string, known: PersonIds = { sessions: [] }): Promise<PersonIds> {
  const [found] = await ch.query<PersonIds>(
    `SELECT groupUniqArrayIf(session_id, session_id != '') AS sessions FROM events WHERE ${await carriesAddress(ch)}`,
    params(email, known),
  );
  return { sessions: [...new Set([...known.sessions, ...found!.sessions])] };
}

/** At most this many events in an access export (a person's own events are a few hundred). */
export const ACCESS_EVENT_LIMIT = 100_000;

/** The person's events, oldest first, for an access request; `truncated` past ACCESS_EVENT_LIMIT. */
export async function personEvents(
  ch: ClickHouse,
  email: string,
  ids: PersonIds,
): Promise<{ events: Record<string, unknown>[]; truncated: boolean }> {
  const rows = await ch.query<Record<string, unknown>>(
    // UInt64 as text: a JSON number would round a visitor id.
    `SELECT * REPLACE (toString(visitor_id) AS visitor_id)
     FROM (SELECT * FROM events WHERE ${isPersons(await carriesAddress(ch))} ORDER BY ts, event_id LIMIT ${ACCESS_EVENT_LIMIT + 1})`,
    params(email, ids),
  );
  return { events: rows.slice(0, ACCESS_EVENT_LIMIT), truncated: rows.length > ACCESS_EVENT_LIMIT };
}

/**
 * The tables of closed-days snapshots and runs (ClickHouse migrations 0039–0042, 0049): merged from the
 * rollups, kept two days, rebuilt by the next request or the worker when absent. A table added
 * to the schema must be named here, among the rollups (a migration's backfill), in VISIT_TABLES or in KEPT_TABLES:
 * person-data.test.ts fails otherwise.
 */
export const SNAPSHOT_TABLES = [
  'closed_days_runs',
  'sources_closed',
  'traffic_closed',
  'users_closed',
  'ab_unit_flags_closed',
  'ab_pairs_closed',
  // No longer written (the SEO week is read whole), still emptied: a store may hold old runs.
  'seo_session_flags_closed',
  'funnel_levels_closed',
] as const;
/** Tables that hold no event data: the migrations' ledger, how far the visit builder got. */
export const KEPT_TABLES = ['schema_migrations', 'visit_builds'] as const;
/** Tables whose rows are the person's visits, deleted by their visit keys (erasePersonEvents). */
export const VISIT_TABLES = ['visits'] as const;

/** Each rollup still in the schema with its rows from `events` (the last migration's backfill of it). */
export async function rollups(ch: ClickHouse): Promise<Backfill[]> {
  const latest = new Map<string, Backfill>();
  for (const migration of await loadClickHouseMigrations())
    for (const statement of migration.statements) {
      const backfill = parseBackfill(statement);
      if (backfill) latest.set(backfill.target, backfill);
    }
  const present = await ch.query<{ name: string }>(
    'SELECT name FROM system.tables WHERE database = currentDatabase() AND name IN {names:Array(String)}',
    { names: [...latest.keys()] },
  );
  const names = new Set(present.map((t) => t.name));
  return [...latest.values()].filter((b) => names.has(b.target));
}

/** SQL: a rollup row's day, from its columns (a daily rollup's date, an hourly one's hour, a copy's time). */
async function dayOf(ch: ClickHouse, table: string): Promise<string> {
  const columns = new Set(
    (
      await ch.query<{ name: string }>('SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {table:String}', {
        table,
      })
    ).map((c) => c.name),
  );
  if (columns.has('date')) return 'date';
  if (columns.has('hour')) return 'toDate(hour)';
  if (columns.has('ts')) return 'toDate(ts)';
  throw new Error(`Rollup ${table} has no date, hour or ts column: say how its days are erased (person-data.ts)`);
}

/** The table a mutation or TRUNCATE acts on: on a cluster, the shard tables on every node. */
function stored(ch: ClickHouse, table: string): string {
  return ch.engine.kind === 'cluster' ? `${table}_local ON CLUSTER ${ch.engine.cluster}` : table;
}
const SYNC = 'SETTINGS mutations_sync = 2';

/**
 * Rebuilds `days` (Date text) of every rollup from the events of those days that are not the
 * person's (a rollup of visits: from the visits that are not theirs, `visitKeys`): the rows are
 * computed into a staging table first, then the rollup's rows of those
 * days are deleted and the staged rows put in, so the days are missing from the dashboards only
 * between those two statements. A beacon for one of those days stored while its rollup is being
 * rebuilt can be missed by that rollup (the same limit as a migration's backfill, backfill.ts).
 */
async function rebuildDays(
  ch: ClickHouse,
  days: string[],
  notPersons: string,
  values: Record<string, unknown>,
  visitKeys: string[],
): Promise<number> {
  let rebuilt = 0;
  for (const backfill of await rollups(ch)) {
    const { target } = backfill;
    const day = await dayOf(ch, target);
    const source = selectFrom(
      backfill,
      backfill.source === 'visits'
        ? 'toDate(start) IN {days:Array(Date)} AND NOT has({visitKeys:Array(String)}, toString(session))'
        : `toDate(ts) IN {days:Array(Date)} AND NOT ${notPersons}`,
    );
    const staging = `${target}_erasure`;
    // The view's columns; a column a later migration added with a default (computed from the others) is left to it.
    const written = await ch.query<{ name: string }>(
      `SELECT name FROM system.columns
       WHERE database = currentDatabase() AND table = {table:String} AND default_kind = '' ORDER BY position`,
      { table: target },
    );
    await ch.command(`DROP TABLE IF EXISTS ${staging}`); // left by an interrupted erasure
    await ch.command(`CREATE TABLE ${staging} AS ${ch.engine.kind === 'cluster' ? `${target}_local` : target}`);
    try {
      const bound = backfill.source === 'visits' ? { visitKeys, days } : { ...values, days };
      await ch.command(`INSERT INTO ${staging} (${written.map((c) => c.name).join(', ')}) ${source}`, bound);
      await ch.command(`ALTER TABLE ${stored(ch, target)} DELETE WHERE ${day} IN {days:Array(Date)} ${SYNC}`, { days });
      // Not deduplicated: the rebuilt block can equal one inserted before (the other events' own block).
      const settings = ['insert_deduplicate = 0', ...(ch.engine.kind === 'cluster' ? ['insert_distributed_sync = 1'] : [])];
      await ch.command(`INSERT INTO ${target} SELECT * FROM ${staging} SETTINGS ${settings.join(', ')}`);
      rebuilt += 1;
    } finally {
      await ch.command(`DROP TABLE IF EXISTS ${staging}`);
    }
  }
  return rebuilt;
}

/** Empties the closed-days snapshots and, on chDB, reloads the dictionaries that hold their keys in memory; the rows removed. */
async function dropSnapshots(ch: ClickHouse): Promise<number> {
  const counts = await ch.query<{ n: string }>(
    `SELECT toString(sum(total_rows)) AS n FROM system.tables WHERE database = currentDatabase() AND name IN {names:Array(String)}`,
    { names: [...SNAPSHOT_TABLES] },
  );
  for (const table of SNAPSHOT_TABLES) await ch.command(`TRUNCATE TABLE IF EXISTS ${stored(ch, table)}`);
  if (ch.engine.kind === 'chdb') {
    const dictionaries = await ch.query<{ name: string }>('SELECT name FROM system.dictionaries WHERE database = currentDatabase()');
    for (const { name } of dictionaries) if (IDENTIFIER.test(name)) await ch.command(`SYSTEM RELOAD DICTIONARY ${name}`);
  }
  return Number(counts[0]?.n ?? 0);
}

export interface ClickHouseErasure {
  /** Events deleted. */
  events: number;
  /** The days (UTC) whose rollups were rebuilt from the other events, and how many rollups. */
  days: string[];
  rollups: number;
  /** Rows of closed-days snapshots dropped (they are computed again from the rebuilt rollups). */
  snapshotRows: number;
}

/**
 * Erases the person's events (`known`: ids the spool's lines gave) and everything derived from
 * them; idempotent: with nothing of theirs left it changes nothing and answers zeros.
 */
export async function erasePersonEvents(ch: ClickHouse, email: string, known?: PersonIds): Promise<ClickHouseErasure> {
  const ids = await personIds(ch, email, known);
  const values = params(email, ids);
  const persons = isPersons(await carriesAddress(ch));
  const [found] = await ch.query<{ events: string; days: string[] }>(
    `SELECT toString(count()) AS events, arraySort(groupUniqArray(toString(toDate(ts)))) AS days FROM events WHERE ${persons}`,
    values,
  );
  const events = Number(found!.events);
  if (events === 0) return { events: 0, days: [], rollups: 0, snapshotRows: 0 };
  // The person's visits: the rebuilt touches leave them out, so the visit builder will not
  // write them again, the rollups of visits are rebuilt without them, and their stored rows go here.
  const [visits] = await ch.query<{ keys: string[] }>(
    `SELECT groupUniqArray(toString(${SESSION_KEY})) AS keys FROM events WHERE ${persons}`,
    values,
  );
  const rebuilt = await rebuildDays(ch, found!.days, persons, values, visits!.keys);
  for (const table of VISIT_TABLES)
    await ch.command(`ALTER TABLE ${stored(ch, table)} DELETE WHERE has({keys:Array(String)}, toString(session)) ${SYNC}`, {
      keys: visits!.keys,
    });
  // Before the events go, so a rerun after a failure finds them and does this again; and after,
  // for a run a dashboard computed from the old rollups meanwhile.
  let snapshotRows = await dropSnapshots(ch);
  await ch.command(`ALTER TABLE ${stored(ch, 'events')} DELETE WHERE ${persons} ${SYNC}`, values);
  snapshotRows += await dropSnapshots(ch);
  return { events, days: found!.days, rollups: rebuilt, snapshotRows };
}
