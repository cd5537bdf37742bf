// Rows ClickHouse refuses for their data are set aside here instead of being retried for
// ever, as event pipelines do with a dead-letter queue: one file per spool segment under
// DATA_DIR/quarantine/<database>/ (each line the refused row as it was spooled, with the
// reason), and a line per segment in Postgres so the owner sees them from any process.
import { constants } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { quarantineDir } from '@curb/analytics/event-files';
import { ingestQuarantine, type Sql } from '@curb/db';

export interface Refusal {
  /** The spooled JSON line, as it was acknowledged. */
  line: string;
  reason: string;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * ClickHouse error types that blame the rows, not the server: the same rows would be refused
 * again however often they are retried. Anything else (a connection refused, a timeout, a
 * server out of memory or restarting) is retried with the rows kept in the spool.
 */
const DATA_ERROR = new RegExp(
  `^(${[
    /CANNOT_PARSE_\w+|CANNOT_READ_\w+|TYPE_MISMATCH|INCORRECT_DATA|INCORRECT_NUMBER_OF_COLUMNS|CANNOT_CONVERT_TYPE/.source,
    /VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE|TOO_LARGE_STRING_SIZE|CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN|ATTEMPT_TO_READ_AFTER_EOF/.source,
    /ILLEGAL_COLUMN|UNKNOWN_FIELD_IN_JSON/.source,
  ].join('|')})$`,
);

export function isDataError(err: unknown): boolean {
  const type = (err as { type?: unknown } | null)?.type;
  return typeof type === 'string' && DATA_ERROR.test(type);
}

/** ClickHouse's reason in one short line: its type and the first sentence of its message. */
export function refusalReason(err: unknown): string {
  const { type, message } = err as { type?: string; message?: string };
  const first = (message ?? String(err)).split('\n')[0]!.slice(0, 300);
  return type ? `${type}: ${first}` : first;
}

export { quarantineDir };

/**
 * The parts of a split segment already inserted, kept on disk while the split runs: a replay
 * after a crash skips them instead of relying on ClickHouse's deduplication window alone
 * (a segment with many refused rows can take more inserts than that window holds).
 */
export interface PartJournal {
  has(part: string): boolean;
  add(part: string): Promise<void>;
  /** Called once the segment is released. */
  remove(): Promise<void>;
}

export class Quarantine {
  constructor(
    private readonly dir: string,
    private readonly sql: Sql,
    private readonly log: Log,
  ) {}

  async journal(segment: string): Promise<PartJournal> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${segment}.parts`);
    const done = new Set((await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean));
    const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC, 0o644);
    return {
      has: (part) => done.has(part),
      async add(part) {
        await handle.write(`${part}\n`);
        done.add(part);
      },
      async remove() {
        await handle.close();
        await rm(file, { force: true });
      },
    };
  }

  /**
   * Writes the segment's refused rows durably (before the segment is released). Writing the
   * same segment again, after a crash and replay, replaces its file with the same content.
   */
  async put(segment: string, refused: Refusal[]): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${segment}.ndjson`);
    const text = refused.map((r) => `${JSON.stringify({ segment, reason: r.reason, row: r.line })}\n`).join('');
    const handle = await open(file, 'w');
    try {
      await handle.writeFile(text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    const dirHandle = await open(this.dir, 'r');
    await dirHandle.sync().finally(() => dirHandle.close());
    // The owner's view; the file is what matters, so a database hiccup only costs the line.
    const reasons = [...new Set(refused.map((r) => r.reason))].join('; ').slice(0, 1000);
    await ingestQuarantine
      .record(this.sql, { segment, rows: refused.length, reason: reasons, file })
      .catch((err: unknown) => this.log.warn({ err, segment }, 'quarantined event rows were not recorded in PostgreSQL'));
    return file;
  }
}
