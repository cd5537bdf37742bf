// A mail job that meets a full disk goes out within seconds of the disk having room again,
// instead of waiting out pg-boss's retry delay (a minute, doubling) or its expiry: the real
// handler, the real queue and the outbox on a small disk of its own that the test fills.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import type { Stores } from '@curb/runtime';
import { createTestStores, silentLog } from '../../../../test/harness.ts';
import { workMailSends } from './mail-send.ts';

let stores: Stores;
let disk: string;
let mounted = false;

beforeAll(async () => {
  stores = await createTestStores();
  disk = mkdtempSync(join(tmpdir(), 'curb-mail-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
  }
});
afterAll(async () => {
  await stores?.close();
  if (mounted) execFileSync('umount', [disk], { stdio: 'ignore' });
  rmSync(disk, { recursive: true, force: true });
});

/** Fills the disk to the last byte. */
function fill(file: string): void {
  for (let size = 64 * 1024; size >= 1; size = Math.floor(size / 2)) {
    try {
      for (;;) writeFileSync(file, Buffer.alloc(size, 1), { flag: 'a' });
    } catch {}
  }
}

const stateOf = async (id: string) => (await stores.sql<{ state: string }[]>`SELECT state FROM pgboss.job WHERE id = ${id}`)[0]?.state;

describe('a mail job on a full disk', () => {
  it('goes out within seconds of the disk having room again, never parked for the retry delay', async () => {
    const dataDir = join(disk, 'data');
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const filler = join(disk, 'filler');
    // Without a disk of its own (no root) the outbox is taken away instead: a file where the folder was.
    if (mounted) fill(filler);
    else {
      rmSync(outbox, { recursive: true });
      writeFileSync(outbox, '');
    }
    const config = { MAIL_FROM: 'Curb Appeal <audits@example.com>', DATA_DIR: dataDir, PORT: 3000, PUBLIC_URL: 'https://curb.example' };
    await workMailSends({ sql: stores.sql, jobs: stores.jobs, config, log: silentLog as never });
    const job: MailSendJob = { kind: 'template-test', to: 'owner@example.com', type: 'confirmation', subject: 'Hi', body: 'Thanks.' };
    const id = (await stores.jobs.send(JOB_QUEUES.mailSend, job, { retryLimit: 3, retryDelay: 60, retryBackoff: true }))!;

    // Refused by the disk meanwhile, the job stays in hand (not parked a minute away as a retry).
    await expect.poll(() => stateOf(id), { timeout: 10_000, interval: 100 }).toBe('active');
    await new Promise((r) => setTimeout(r, 3000));
    expect(await stateOf(id)).toBe('active');
    expect(readdirSync(dataDir)).toContain('outbox');

    if (mounted) rmSync(filler);
    else {
      rmSync(outbox);
      mkdirSync(outbox);
    }
    const freedAt = Date.now();
    await expect.poll(() => stateOf(id), { timeout: 10_000, interval: 100 }).toBe('completed');
    expect(Date.now() - freedAt).toBeLessThan(5000);
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  }, 30_000);
});
