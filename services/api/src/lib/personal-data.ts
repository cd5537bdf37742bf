// A person's data across the stores, found by e-mail address: an access request reads
// all of it; an erasure removes it, in this order: the spool (the collector flushes the person's
// lines, or the lines are cut when no collector runs), PostgreSQL (one transaction), the mail
// outbox folder, ClickHouse (the events, their rollups' days rebuilt, the closed-days snapshots
// dropped), the quarantine folder, and the report PDFs this process keeps in memory. Each step
// removes only what is still there, so an erasure that stopped part way is completed by asking
// again; one that finds nothing answers zeros. The record says how many rows, never the address.
import { access, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import {
  idsInLines,
  lineMatcher,
  linesFiles,
  quarantineDir,
  quarantinedRow,
  rewriteWithout,
  spoolDir,
  spoolInUse,
  type LinesFile,
} from '@curb/analytics/event-files';
import { addressMatcher, erasePersonEvents, normaliseAddress, personEvents, personIds, type PersonIds } from '@curb/analytics/person-data';
import { OUTBOX_ID_PATTERN } from '@curb/contracts/admin';
import type { Config } from '@curb/contracts/config';
import { erasedRows, type AccessExport, type ErasureCounts, type ErasureRecord } from '@curb/contracts/privacy';
import { erasures, ingestQuarantine, personalData } from '@curb/db';
import type { Stores } from '@curb/runtime';
import type { ReportPdfCache } from '../routes/audit/index.ts';

export interface PersonalDataDeps {
  config: Pick<Config, 'DATA_DIR'>;
  stores: Pick<Stores, 'sql' | 'ch'>;
  /** The report PDFs this process keeps in memory. */
  reportPdfs: ReportPdfCache;
  /** How long an erasure waits for a running collector to flush the person's spooled lines. */
  spoolWaitMs?: number;
}

/** The collector seals and flushes its spool at least every second; this allows for a slow insert. */
const SPOOL_WAIT_MS = 15_000;

/** The spool still holds the person's lines after the wait (ClickHouse is not taking them): try again later. */
export class SpoolBusyError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 60;
  constructor() {
    super("The event spool still holds this person's latest events (ClickHouse has not taken them yet). Please try again in a minute.");
  }
}

const outboxDir = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'outbox');
const OUTBOX_ID = new RegExp(OUTBOX_ID_PATTERN);
const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  [a ?? []]
    .flat()
    .map((x) => x.text)
    .join(', ');

/** The outbox folder's mails to or about the address (in a header or the text), with what the owner sees of them. */
async function outboxMails(config: Pick<Config, 'DATA_DIR'>, email: string) {
  const dir = outboxDir(config);
  const holds = addressMatcher(email);
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
  const found: { path: string; id: string; to: string; subject: string; date: string }[] = [];
  for (const name of names.sort()) {
    const id = name.slice(0, -4);
    if (!name.endsWith('.eml') || !OUTBOX_ID.test(id)) continue;
    const path = join(dir, name);
    const raw = await readFile(path).catch(() => null);
    if (!raw) continue;
    const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const texts = [raw.toString('utf8'), addresses(mail.to), addresses(mail.cc), addresses(mail.from), mail.subject, mail.text, mail.html];
    if (!texts.some((t) => typeof t === 'string' && holds(t))) continue;
    const date = mail.date ?? (await stat(path)).mtime;
    found.push({ path, id, to: addresses(mail.to), subject: mail.subject ?? '', date: date.toISOString() });
  }
  return found;
}

/** The person's lines in the quarantine files: those carrying the address, or whose row is the person's. */
const quarantineDrop = (matcher: ReturnType<typeof lineMatcher>) => (line: string) =>
  matcher.carries(line) || matcher.isPersons(quarantinedRow(line)?.row ?? '');

/** Everything held about the address, from both stores and the files beside them. */
export async function exportPerson(deps: PersonalDataDeps, email: string, now = new Date()): Promise<AccessExport> {
  const { sql, ch } = deps.stores;
  const address = normaliseAddress(email);
  const spooled = await linesFiles(spoolDir(deps.config.DATA_DIR, ch.database));
  const ids = await personIds(ch, address, idsInLines(spooled, lineMatcher(address)));
  const matcher = lineMatcher(address, ids);
  const [records, events, mails, quarantined] = await Promise.all([
    personalData.find(sql, address),
    personEvents(ch, address, ids),
    outboxMails(deps.config, address),
    linesFiles(quarantineDir(deps.config.DATA_DIR, ch.database)),
  ]);
  return {
    email: address,
    exportedAt: now.toISOString(),
    postgres: records,
    clickhouse: events,
    files: {
      outboxMails: mails.map(({ id, to, subject, date }) => ({ id, to, subject, date })),
      quarantinedRows: quarantined.flatMap((file) =>
        file.lines.filter(quarantineDrop(matcher)).map((line) => {
          const entry = quarantinedRow(line);
          return { segment: file.name, reason: entry?.reason ?? '', row: entry?.row ?? line };
        }),
      ),
    },
  };
}

/**
 * The person's lines in the spool of this data directory: a running collector inserts them into
 * ClickHouse within a second or two, which this waits for (their events are then erased there);
 * with no collector running, they are cut from the segments here. The ids they carry, and how
 * many lines were cut.
 */
async function settleSpool(deps: PersonalDataDeps, address: string): Promise<{ ids: PersonIds; cut: number }> {
  const dir = spoolDir(deps.config.DATA_DIR, deps.stores.ch.database);
  const files = await linesFiles(dir);
  const ids = await personIds(deps.stores.ch, address, idsInLines(files, lineMatcher(address)));
  const matcher = lineMatcher(address, ids);
  const held = files.filter((f) => f.lines.some((line) => matcher.isPersons(line)));
  if (held.length === 0) return { ids, cut: 0 };
  if (spoolInUse(dir)) {
    const deadline = Date.now() + (deps.spoolWaitMs ?? SPOOL_WAIT_MS);
    while ((await Promise.all(held.map((f) => exists(f.path)))).some(Boolean)) {
      if (Date.now() > deadline) throw new SpoolBusyError();
      await new Promise((r) => setTimeout(r, 100));
    }
    return { ids, cut: 0 };
  }
  let cut = 0;
  for (const file of held) cut += file.lines.length - (await rewriteWithout(file, (line) => matcher.isPersons(line))).length;
  return { ids, cut };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The reasons of a quarantine file's lines, as the collector records them (quarantine.ts, put). */
const reasonsOf = (lines: string[]) =>
  [...new Set(lines.map((line) => quarantinedRow(line)?.reason ?? ''))].filter(Boolean).join('; ').slice(0, 1000);

async function scrubQuarantine(deps: PersonalDataDeps, address: string, ids: PersonIds): Promise<number> {
  const files: LinesFile[] = await linesFiles(quarantineDir(deps.config.DATA_DIR, deps.stores.ch.database));
  const drop = quarantineDrop(lineMatcher(address, ids));
  let removed = 0;
  for (const file of files) {
    const kept = await rewriteWithout(file, drop);
    if (kept.length === file.lines.length) continue;
    removed += file.lines.length - kept.length;
    await ingestQuarantine.rewrite(deps.stores.sql, file.name, kept.length ? { rows: kept.length, reason: reasonsOf(kept) } : null);
  }
  return removed;
}

// One erasure at a time in this process: each rebuilds the same rollups' days.
let running: Promise<unknown> = Promise.resolve();

/** Erases the person everywhere and records it (by `adminId`); what was removed, per store. */
export function erasePerson(deps: PersonalDataDeps, email: string, adminId: string | null): Promise<ErasureRecord> {
  const next = running.then(
    () => erase(deps, email, adminId),
    () => erase(deps, email, adminId),
  );
  running = next.catch(() => {});
  return next;
}

async function erase(deps: PersonalDataDeps, email: string, adminId: string | null): Promise<ErasureRecord> {
  const { sql, ch } = deps.stores;
  const address = normaliseAddress(email);
  const spool = await settleSpool(deps, address);
  const pg = await sql.begin((tx) => personalData.erase(tx, address));
  const mails = await outboxMails(deps.config, address);
  for (const mail of mails) await rm(mail.path, { force: true });
  const events = await erasePersonEvents(ch, address, spool.ids);
  const quarantineLines = await scrubQuarantine(deps, address, spool.ids);
  const removed: ErasureCounts = {
    postgres: {
      leads: pg.leads,
      audits: pg.audits,
      contactMessages: pg.contactMessages,
      eventOutbox: pg.eventOutbox,
      jobs: pg.jobs,
      loginThrottle: pg.loginThrottle,
    },
    clickhouse: { events: events.events, days: events.days.length, snapshotRows: events.snapshotRows },
    files: { outboxMails: mails.length, quarantineLines, spoolLines: spool.cut },
    memory: { reportPdfs: deps.reportPdfs.forget(pg.reportIds) },
  };
  return erasures.record(sql, { adminId, rows: erasedRows(removed), removed });
}
