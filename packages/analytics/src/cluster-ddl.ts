// The cluster's DDL, derived from the migrations (one source): each table becomes a Replicated*
// shard table `<name>_local` on every node plus a Distributed table under the name the services
// query, so their SQL is the same as on one node; each materialized view reads and writes the
// shard tables, so every shard aggregates its own rows. `pnpm -s clickhouse:cluster-ddl` prints it.
// The whole text is applied to a cluster, new or older, before the services start, so it converges
// rather than replays: what a later migration drops is not created, only dropped (IF EXISTS, on
// every node), and nothing may be dropped and then created again under its name (applying the
// text again would empty it). Statements it has no rule for are refused, not guessed.
import type { ClickHouseMigration } from './migrate.ts';

export interface ClusterDdlOptions {
  /** The cluster of `ON CLUSTER` and of the Distributed tables (remote_servers). */
  cluster?: string;
  /** The database on every node. */
  database?: string;
}

export interface ClusterStatement {
  /** The migration it comes from (0 for the database). */
  version: number;
  /** The table, view or database it creates, changes or drops (without `_local`). */
  object: string;
  sql: string;
  /** A line said before it when printed. */
  note?: string;
}

export interface ClusterDdl {
  statements: ClusterStatement[];
  /** Per migration, what it holds that a cluster does not run, and why. */
  leftOut: Array<{ version: number; object: string; what: string }>;
}

/**
 * The Distributed tables' sharding keys where rows of one key must meet on one shard; every other
 * table spreads its rows at random. The events decide where the views' rows are: a view writes
 * to its own shard, so a rollup keyed by visitor (funnel_steps, identities) stays with the
 * visitor's events; the other keys only place rows inserted through the Distributed table.
 */
export const SHARDING_KEYS: Readonly<Record<string, { key: string; why: string }>> = {
  events: { key: 'visitor_id', why: "one visitor's funnel stays on one shard (windowFunnel per shard)" },
  sessions: { key: 'session', why: "a session's rows of a day on one shard" },
  funnel_steps: { key: 'visitor', why: "one visitor's steps on one shard, as their events" },
  ab_units: { key: 'unit', why: "an assignment unit's rows on one shard" },
  identities: { key: 'visitor', why: "a visitor's identities on one shard, as their events" },
  visits: { key: 'session', why: "a visit's rows on one shard, so its cancelling row meets the row it cancels" },
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Single-node settings a replicated table has its own form of. */
const SINGLE_NODE_SETTINGS = new Set(['non_replicated_deduplication_window']);

/** The cluster statements of `migrations`, in their order. Throws on a statement it has no rule for. */
export function clusterDdl(migrations: readonly ClickHouseMigration[], options: ClusterDdlOptions = {}): ClusterDdl {
  const cluster = options.cluster ?? 'curb';
  const db = options.database ?? 'curb';
  for (const name of [cluster, db]) if (!NAME.test(name)) throw new Error(`Invalid ClickHouse name: ${name}`);
  const on = `ON CLUSTER ${cluster}`;

  const statements: ClusterStatement[] = [{ version: 0, object: db, sql: `CREATE DATABASE IF NOT EXISTS ${db} ${on}` }];
  const leftOut: ClusterDdl['leftOut'] = [];
  /** Tables created so far (by name) with their columns; views with their target. */
  const tables = new Map<string, string[]>();
  const views = new Map<string, string>();
  const dropped = new Set<string>();

  const refuse = (version: number, sql: string, why: string): never => {
    throw new Error(`Migration ${String(version).padStart(4, '0')}: ${why}:\n${sql.slice(0, 200)}`);
  };
  const isNew = (version: number, name: string, sql: string) => {
    if (dropped.has(name)) refuse(version, sql, `${name} was dropped before; create it under a new name`);
    if (tables.has(name) || views.has(name)) refuse(version, sql, `${name} is created twice`);
  };

  for (const { version, statements: sqls } of migrations) {
    const add = (object: string, sql: string, note?: string) => statements.push({ version, object, sql, ...(note ? { note } : {}) });
    for (const raw of sqls) {
      const sql = withoutComments(raw);
      let m: RegExpExecArray | null;
      if ((m = /^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s*\(/i.exec(sql))) {
        const name = m[1]!;
        isNew(version, name, sql);
        const open = m[0].length - 1;
        const close = closing(sql, open);
        const columnList = sql.slice(open, close + 1);
        const columns = topLevel(columnList.slice(1, -1), ',')
          .map((c) => c.trim().split(/\s+/)[0]!)
          .filter((c) => !/^(INDEX|PROJECTION|CONSTRAINT)$/i.test(c));
        const rest = sql.slice(close + 1).trim();
        const engine = /^ENGINE\s*=\s*(\w*)MergeTree\b\s*/i.exec(rest) ?? refuse(version, sql, 'a table needs a MergeTree engine');
        let after = rest.slice(engine[0].length);
        let args = '';
        if (after.startsWith('(')) {
          const end = closing(after, 0);
          args = after.slice(1, end).trim();
          after = after.slice(end + 1);
        }
        const zooKeeperPath = `'/clickhouse/tables/{shard}/${db}/${name}_local', '{replica}'`;
        const clauses = withSettings(after.trim(), (s) => !SINGLE_NODE_SETTINGS.has(s.split('=')[0]!.trim()));
        add(
          name,
          `CREATE TABLE IF NOT EXISTS ${db}.${name}_local ${on}\n${columnList}\n` +
            `ENGINE = Replicated${engine[1]}MergeTree(${zooKeeperPath}${args ? `, ${args}` : ''})${clauses ? `\n${clauses}` : ''}`,
        );
        const sharding = SHARDING_KEYS[name];
        if (sharding && !columns.includes(sharding.key)) refuse(version, sql, `${name} has no column ${sharding.key} to shard by`);
        add(
          name,
          `CREATE TABLE IF NOT EXISTS ${db}.${name} ${on} AS ${db}.${name}_local\n` +
            `ENGINE = Distributed(${cluster}, ${db}, ${name}_local, ${sharding?.key ?? 'rand()'})`,
          sharding ? `Sharded by ${sharding.key}: ${sharding.why}.` : undefined,
        );
        tables.set(name, columns);
      } else if ((m = /^CREATE\s+MATERIALIZED\s+VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s+TO\s+(\w+)\s+AS\s+(SELECT\b[\s\S]*)$/i.exec(sql))) {
        const [, name, target, select] = m as unknown as [string, string, string, string];
        isNew(version, name, sql);
        if (!tables.has(target)) refuse(version, sql, `the view writes to ${target}, which no earlier migration creates`);
        let reads = 0;
        const onShards = outsideStrings(select, (code) =>
          code.replace(/\b(FROM|JOIN)(\s+)(\w+)\b(?!\s*[.(])/gi, (whole, keyword: string, space: string, table: string) => {
            if (!tables.has(table)) return whole;
            reads++;
            return `${keyword}${space}${db}.${table}_local`;
          }),
        );
        if (reads === 0) refuse(version, sql, 'the view reads no table the migrations create');
        add(name, `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.${name} ${on} TO ${db}.${target}_local AS\n${onShards}`);
        views.set(name, target);
      } else if ((m = /^INSERT\s+INTO\s+(\w+)/i.exec(sql))) {
        // A backfill cannot swap the shards' partitions through a Distributed table, and the
        // views exist before any event; any other insert is data the services' migration writes.
        leftOut.push({ version, object: m[1]!, what: `INSERT INTO ${m[1]} (data: the views exist on the shards before any event)` });
      } else if ((m = /^DROP\s+DICTIONARY\s+IF\s+EXISTS\s+(\w+)\s*$/i.exec(sql))) {
        // The closed-days dictionaries are chDB's alone (a request defines them there): a cluster has none.
        leftOut.push({ version, object: m[1]!, what: `DROP DICTIONARY ${m[1]} (dictionaries exist on chDB only)` });
      } else if ((m = /^DROP\s+(TABLE|VIEW)\s+(?:IF\s+EXISTS\s+)?(\w+)\s*$/i.exec(sql))) {
        const [, kind, name] = m as unknown as [string, string, string];
        const isView = kind.toUpperCase() === 'VIEW' || views.has(name);
        const feeding = [...views].filter(([, target]) => target === name).map(([view]) => view);
        if (feeding.length)
          refuse(version, sql, `drop ${feeding.join(', ')} first: a view into a dropped table fails every insert of events`);
        // What an earlier migration made of it is not created at all; a cluster made from an
        // earlier version loses it from every node.
        for (let i = statements.length - 1; i > 0; i--) if (statements[i]!.object === name) statements.splice(i, 1);
        for (let i = leftOut.length - 1; i >= 0; i--) if (leftOut[i]!.object === name) leftOut.splice(i, 1);
        tables.delete(name);
        views.delete(name);
        dropped.add(name);
        add(name, `DROP ${kind.toUpperCase()} IF EXISTS ${db}.${name} ${on}`);
        if (!isView) add(name, `DROP TABLE IF EXISTS ${db}.${name}_local ${on}`);
      } else if ((m = /^ALTER\s+TABLE\s+(\w+)\s+([\s\S]+)$/i.exec(sql))) {
        const [, name, command] = m as unknown as [string, string, string];
        if (!tables.has(name)) refuse(version, sql, `${name} is no table an earlier migration creates`);
        if (topLevel(command, ',').length > 1) refuse(version, sql, 'write one ALTER per change');
        add(name, `ALTER TABLE ${db}.${name}_local ${on} ${command}`);
        const distributed = forDistributed(command);
        if (distributed) add(name, `ALTER TABLE ${db}.${name} ${on} ${distributed}`);
      } else {
        refuse(version, sql, 'no cluster rule for this statement (add one to packages/analytics/src/cluster-ddl.ts)');
      }
    }
  }
  return { statements, leftOut };
}

/** The cluster DDL as a file for `clickhouse-client --multiquery`, each migration under its number. */
export function clusterDdlText(migrations: readonly ClickHouseMigration[], options: ClusterDdlOptions = {}): string {
  const { statements, leftOut } = clusterDdl(migrations, options);
  const lines = [
    '-- The cluster variant of packages/analytics/src/migrations, printed by `pnpm -s clickhouse:cluster-ddl`',
    `-- (packages/analytics/src/cluster-ddl.ts). Needs a cluster named \`${options.cluster ?? 'curb'}\` (remote_servers) and`,
    '-- {shard}/{replica} macros. Apply it whole before the services start, and again after an upgrade',
    '-- adds migrations: it creates only what is missing, and drops what the migrations dropped.',
    '-- Backfills are not run: a rollup created on a cluster that already holds events starts empty.',
  ];
  const print = (s: ClusterStatement) => lines.push(...(s.note ? [`-- ${s.note}`] : []), `${s.sql};`);
  statements.filter((s) => s.version === 0).forEach(print);
  for (const { version, name } of migrations) {
    const own = statements.filter((s) => s.version === version);
    const notes = leftOut.filter((l) => l.version === version);
    lines.push('', `-- ${String(version).padStart(4, '0')} ${name}`);
    if (!own.length && !notes.length) lines.push('-- (nothing: a later migration drops what it creates)');
    for (const l of notes) lines.push(`-- Left out: ${l.what}.`);
    own.forEach(print);
  }
  return `${lines.join('\n')}\n`;
}

/** An ALTER command as the Distributed table takes it: its columns follow the shards'; null for the rest. */
function forDistributed(command: string): string | null {
  const add = /^ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\s+([\s\S]+)$/i.exec(command);
  if (add) return `ADD COLUMN IF NOT EXISTS ${add[1]} ${typeOf(add[2]!)}`;
  const modify = /^MODIFY\s+COLUMN\s+(?:IF\s+EXISTS\s+)?(\w+)\s+([\s\S]+)$/i.exec(command);
  if (modify) {
    const type = typeOf(modify[2]!);
    return type ? `MODIFY COLUMN IF EXISTS ${modify[1]} ${type}` : null;
  }
  if (/^(DROP|RENAME|COMMENT)\s+COLUMN\b/i.test(command)) return command;
  return null;
}

/** A column definition's type: what comes before DEFAULT, CODEC and the other clauses. */
function typeOf(definition: string): string {
  let type = '';
  for (const part of topLevel(definition.trim(), ' ')) {
    if (/^(DEFAULT|MATERIALIZED|ALIAS|EPHEMERAL|CODEC|COMMENT|TTL|AFTER|FIRST|SETTINGS)\b/i.test(part)) break;
    type += `${type ? ' ' : ''}${part}`;
  }
  return type;
}

/** A table's clauses after its engine with only the settings `keep` keeps (and no SETTINGS left empty). */
function withSettings(clauses: string, keep: (setting: string) => boolean): string {
  const at = topLevelMatch(clauses, /^SETTINGS\s+/i);
  if (at < 0) return clauses;
  const settings = topLevel(clauses.slice(at).replace(/^SETTINGS\s+/i, ''), ',')
    .map((s) => s.trim())
    .filter(keep);
  return `${clauses.slice(0, at).trimEnd()}${settings.length ? `\nSETTINGS ${settings.join(', ')}` : ''}`.trim();
}

/** Where `pattern` (anchored) first matches `text` at a word's start outside brackets and strings; -1 if nowhere. */
function topLevelMatch(text: string, pattern: RegExp): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && !/\w/.test(text[i - 1] ?? ' ') && pattern.test(text.slice(i))) return i;
  }
  return -1;
}

/** A statement without its comment lines. */
const withoutComments = (sql: string) =>
  sql
    .split('\n')
    .filter((line) => !/^\s*--/.test(line))
    .join('\n')
    .trim();

/** The index of the bracket closing the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && --depth === 0) return i;
  }
  throw new Error(`Unbalanced brackets: ${text.slice(open, open + 80)}`);
}

/** The index of the quote closing the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === "'") return i;
  }
  throw new Error(`Unclosed string: ${text.slice(start, start + 80)}`);
}

/** `text` split at each `separator` outside brackets and strings (a space separator also splits at any whitespace). */
function topLevel(text: string, separator: ',' | ' ' | '\n'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (separator === ' ' ? /\s/.test(c) : c === separator)) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return separator === ' ' ? parts.filter(Boolean) : parts;
}

/** `text` with `change` applied to what lies outside its string literals. */
function outsideStrings(text: string, change: (code: string) => string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "'") continue;
    const end = stringEnd(text, i);
    out += change(text.slice(from, i)) + text.slice(i, end + 1);
    from = end + 1;
    i = end;
  }
  return out + change(text.slice(from));
}
