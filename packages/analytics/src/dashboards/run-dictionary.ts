// A closed-days run's stored keys held in memory as a ClickHouse dictionary, on chDB: a request
// looks the keys seen since yesterday up in it instead of probing every stored key with a join
// (the funnel's ~2 M users at 50 M events, 90 days: its statement ~120 → ~90 ms). A dictionary
// holds today's latest run of its period (and kind) and, under key 0, a 64-bit hash of that
// run's id: a request uses it only when that is the run it reads, else the join, so a dictionary
// not yet reloaded after a new run is never read. One UInt64 value per key, the key's stored
// value or the run's hash: 64 MiB for 2 M keys, where a run id beside each key's value took
// 160 MiB. (A dictionary of text, the journeys' identified visitors' addresses, holds the hash
// as text.) The process defines the dictionaries at first use (their source names the database,
// which a migration does not know) and reloads one after each run it stores (closed-days.ts). A
// ClickHouse server keeps the join: its dictionaries would be per node.
const TODAY = `toDate(now('UTC'))`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** What a lookup gives for a key the run did not store. */
export const NOT_STORED = 255;

export interface RunDictionary {
  name: string;
  /** The stored column holding the keys: `key` unless named here. */
  key?: string;
  /** The stored column it maps each key to (the dictionary's `value`, a UInt64: level, flags, visitor), or String when `text`. */
  value: string;
  text?: boolean;
  /** The table of the stored keys, and which of its rows belong to the period (and kind). */
  table: string;
  rows: string;
  /** The runs' table, and which of its rows are the period's (and kind's): the latest by created_at is loaded. */
  runs: string;
  runsFilter: string;
}

/** The dictionary's definition in `database` (constant SQL: names and filters are the code's own). */
export function runDictionaryDdl(database: string, d: RunDictionary): string {
  const key = d.key ?? 'key';
  if (![database, d.name, key, d.value, d.table, d.runs].every((name) => IDENTIFIER.test(name))) throw new Error('Invalid run dictionary');
  const runs = `${database}.${d.runs} WHERE as_of = ${TODAY} AND ${d.runsFilter}`;
  const source = `SELECT ${key} AS key, ${d.text ? d.value : `toUInt64(${d.value})`} AS value FROM ${database}.${d.table}
WHERE as_of = ${TODAY} AND ${d.rows} AND run = (SELECT argMax(run, created_at) FROM ${runs})
UNION ALL
SELECT toUInt64(0) AS key, ${runHash(d, 'argMax(run, created_at)')} AS value FROM ${runs}`;
  return `CREATE OR REPLACE DICTIONARY ${d.name} (key UInt64, value ${d.text ? 'String' : 'UInt64'})
PRIMARY KEY key
SOURCE(CLICKHOUSE(QUERY '${source.replace(/[\\']/g, (c) => `\\${c}`)}'))
LAYOUT(HASHED())
LIFETIME(0)`;
}

export const reloadRunDictionarySql = (d: RunDictionary) => `SYSTEM RELOAD DICTIONARY ${d.name}`;

/** SQL: the value key 0 holds for the run `run` (an SQL UUID expression): its hash, as text in a dictionary of text. */
const runHash = (d: RunDictionary, run: string) => (d.text ? `toString(cityHash64(${run}))` : `cityHash64(${run})`);

/** SQL: whether the dictionary holds the run `run` (an SQL UUID expression). */
export const holdsRun = (d: RunDictionary, run: string) =>
  `dictGetOrDefault('${d.name}', 'value', toUInt64(0), ${d.text ? "''" : 'toUInt64(0)'}) = ${runHash(d, run)}`;

/** SQL: the stored text of `key` in a dictionary of text, or ''. */
export const storedText = (d: RunDictionary, key: string) => `dictGetOrDefault('${d.name}', 'value', ${key}, '')`;

/** SQL: whether the run stored `key`, and its stored 64-bit value (a value that may be any number, such as a visitor). */
export const storesKey = (d: RunDictionary, key: string) => `dictHas('${d.name}', ${key})`;
export const storedNumber = (d: RunDictionary, key: string) => `dictGet('${d.name}', 'value', ${key})`;

/** SQL: the stored value of `key`, or NOT_STORED. */
export const storedValue = (d: RunDictionary, key: string) =>
  `toUInt8(dictGetOrDefault('${d.name}', 'value', ${key}, toUInt64(${NOT_STORED})))`;
