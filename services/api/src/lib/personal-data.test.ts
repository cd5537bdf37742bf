// The spool's part of an erasure, on the real stores: lines cut from the segments when no
// collector runs (their sessions found there, and those sessions' events in ClickHouse erased
// too), and, with a collector running, a wait for it to flush them, or a 503 when it does not.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolDir } from '@curb/analytics/event-files';
import type { Stores } from '@curb/runtime';
import { createTestStores } from '../../../../test/harness.ts';
import { ReportPdfCache } from '../routes/audit/index.ts';
import { erasePerson, type PersonalDataDeps, SpoolBusyError } from './personal-data.ts';

const ADDRESS = 'lee@spool.example';
let stores: Stores;
let dataDir: string;
let deps: PersonalDataDeps;

const line = (row: object) => `${JSON.stringify({ event_id: crypto.randomUUID(), ts: '2026-11-20 10:00:00.000', ...row })}\n`;
const segment = (name: string, lines: string[]) => {
  const dir = spoolDir(dataDir, stores.ch.database);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.ndjson`), lines.join(''));
  return join(dir, `${name}.ndjson`);
};
const count = async (where: string) =>
  Number((await stores.ch.query<{ n: string }>(`SELECT toString(count()) AS n FROM events WHERE ${where}`))[0]!.n);

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = mkdtempSync(join(tmpdir(), 'curb-erasure-spool-'));
  deps = { config: { DATA_DIR: dataDir }, stores, reportPdfs: new ReportPdfCache(), spoolWaitMs: 300 };
});
afterAll(async () => {
  await stores?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("an erasure and the collector's spool", () => {
  it('cuts the lines from the segments when no collector runs, and erases what their session left in ClickHouse', async () => {
    // Visitor 41 gave the address in a beacon still in the spool; ClickHouse has the start of that
    // visit, and an earlier visit under the same cookieless id that never carried the address.
    await stores.ch.insert('events', [
      { event_id: crypto.randomUUID(), ts: '2026-11-20 09:59:00.000', name: 'page_view', visitor_id: '41', session_id: 's41b', path: '/' },
      { event_id: crypto.randomUUID(), ts: '2026-11-19 10:00:00.000', name: 'page_view', visitor_id: '41', session_id: 's41', path: '/' },
      { event_id: crypto.randomUUID(), ts: '2026-11-19 10:00:00.000', name: 'page_view', visitor_id: '42', session_id: 's42', path: '/' },
    ]);
    const kept = line({ name: 'page_view', visitor_id: '42', session_id: 's42' });
    const file = segment('seg-0000000aa-00000000-00000000', [
      line({ name: 'form_submit', visitor_id: '41', session_id: 's41b', email: ADDRESS }),
      kept,
      line({ name: 'page_view', visitor_id: '41', session_id: 's41b' }),
    ]);
    const record = await erasePerson(deps, ADDRESS, null);
    expect(record.removed.files.spoolLines).toBe(2);
    expect(record.removed.clickhouse.events).toBe(1);
    expect(record.by).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe(kept);
    expect([await count("session_id = 's41b'"), await count("session_id = 's41'"), await count('visitor_id = 42')]).toEqual([0, 1, 1]);
    // A segment left with none of its lines is deleted.
    segment('seg-0000000ab-00000000-00000000', [line({ name: 'form_submit', visitor_id: '43', email: ADDRESS })]);
    expect((await erasePerson(deps, ADDRESS, null)).removed.files.spoolLines).toBe(1);
    expect(readdirSync(spoolDir(dataDir, stores.ch.database)).filter((f) => f.endsWith('.ndjson'))).toEqual([
      'seg-0000000aa-00000000-00000000.ndjson',
    ]);
  });

  it("waits for a running collector to flush the person's lines, and answers 503 when it does not", async () => {
    // This process holds the spool, as a collector does (its lock file names a live pid).
    writeFileSync(join(spoolDir(dataDir, stores.ch.database), 'curb.pid'), String(process.pid));
    const row = { event_id: crypto.randomUUID(), ts: '2026-11-20 11:00:00.000', name: 'form_submit', visitor_id: '44', email: ADDRESS };
    const file = segment('seg-0000000ac-00000000-00000000', [line(row)]);
    const busy = await erasePerson(deps, ADDRESS, null).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(SpoolBusyError);
    expect(busy).toMatchObject({ statusCode: 503, retryAfterSeconds: 60 });
    expect(readFileSync(file, 'utf8')).toContain(ADDRESS);

    // The collector inserts the segment, then deletes it: the erasure then finds the event in ClickHouse.
    setTimeout(() => {
      void stores.ch.insert('events', [row]).then(() => rmSync(file));
    }, 100);
    const record = await erasePerson(deps, ADDRESS, null);
    expect(record.removed).toMatchObject({ files: { spoolLines: 0 }, clickhouse: { events: 1 } });
    expect(await count('visitor_id = 44')).toBe(0);
  });
});
