// A mail job that meets a full disk goes out within seconds of the disk having room again,
// instead of waiting out pg-boss's retry delay (a minute, doubling) or its expiry: the real
// handler, the real queue and the outbox on a small disk of its own that the test fills.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import type { MailSendJob } from '@curb/contracts/mail';
import type { Stores } from '@curb/runtime';
import { createTestStores, silentLog } from '../../../../test/harness.ts';
import { smallDisk, type SmallDisk } from '../../../../test/small-disk.ts';
import { workMailSends } from './mail-send.ts';

let stores: Stores;
let disk: SmallDisk;

beforeAll(async () => {
  stores = await createTestStores();
  disk = smallDisk('256k');
});
afterAll(async () => {
  await stores?.close();
  disk?.remove();
});

const stateOf = async (id: string) => (await stores.sql<{ state: string }[]>`SELECT state FROM pgboss.job WHERE id = ${id}`)[0]?.state;

describe('a mail job on a full disk', () => {
  it('goes out within seconds of the disk having room again, never parked for the retry delay', async () => {
    const dataDir = join(disk.path, 'data');
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    // Without a disk of its own (no root) the outbox is taken away instead: a file where the folder was.
    if (disk.mounted) disk.fill();
    else {
      rmSync(outbox, { recursive: true });
      writeFileSync(outbox, '');
    }
    const config = { MAIL_FROM: 'Curb Appeal <audits@example.com>', DATA_DIR: dataDir, PORT: 3000, PUBLIC_URL: 'https://curb.example' };
    // Each try the disk refuses is a warning: counted to know the handler kept trying.
    let refusedTries = 0;
    const log = { ...silentLog, warn: (_fields: object, message: string) => void (message === 'mail transport failed' && refusedTries++) };
    await workMailSends({ sql: stores.sql, jobs: stores.jobs, config, log: log as never });
    const job: MailSendJob = { kind: 'template-test', to: 'owner@example.com', type: 'confirmation', subject: 'Hi', body: 'Thanks.' };
    const id = (await stores.jobs.send(JOB_QUEUES.mailSend, job, { retryLimit: 3, retryDelay: 60, retryBackoff: true }))!;

    // Refused by the disk meanwhile, the job stays in hand (not parked a minute away as a retry).
    await expect.poll(() => stateOf(id), { timeout: 10_000, interval: 100 }).toBe('active');
    await expect.poll(() => refusedTries, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect(await stateOf(id)).toBe('active');
    expect(readdirSync(dataDir)).toContain('outbox');

    if (disk.mounted) disk.free();
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
