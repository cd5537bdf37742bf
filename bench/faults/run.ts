// pnpm bench:faults — each fault a store, the process or a dependency can suffer, done for real
// to a production-mode instance on loopback (a fresh data directory per fault). Per fault: what
// visitors got (statuses of beacons and forms while it lasted), /api/health's answer time
// meanwhile, how long the product took to heal by itself (health 200 and a lead stored), and
// what was acknowledged against what is stored: leads counted in PostgreSQL, events in
// ClickHouse after the instance was stopped and reopened on the same data directory.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSql } from '@curb/db';
import { GOOD_HTML } from '../../test/audit/checks/good-site.ts';
import { closedPort, startSite } from '../../test/audit/sites.ts';
import { type BenchServer, percentile, startBenchServer } from '../child.ts';
import { type Answer, closeAgents, send, tally } from '../http.ts';

const HEAL_DEADLINE_MS = 90_000;
const AUDIT_DEADLINE_MS = 150_000;
const EVENTS_PER_BEACON = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const site = await startSite({ '/': GOOD_HTML, '/robots.txt': 'User-agent: *\nAllow: /\n' });

let current: Instance | undefined;

/** One instance of the product (bench/ingest/server.ts: the product plus GET /bench/count). */
class Instance {
  server!: BenchServer;
  constructor(readonly dataDir: string) {}
  static async fresh(name: string, dataDir = mkdtempSync(join(tmpdir(), `curb-bench-faults-${name}-`))) {
    const instance = new Instance(dataDir);
    current = instance;
    await instance.start();
    return instance;
  }
  /** Set when the product exited on its own (not stopped or killed by the bench). */
  crashed = '';
  private expectingExit = false;
  async start() {
    this.expectingExit = false;
    this.server = await startBenchServer('bench/ingest/server.ts', { DATA_DIR: this.dataDir, AUDIT_ALLOW_PRIVATE_NETWORKS: 'true' });
    const server = this.server;
    server.child.once('exit', (code, signal) => {
      if (this.expectingExit) return;
      const log = server.log();
      const logFile = `${this.dataDir.replace(/\/+$/, '')}-crash.log`;
      writeFileSync(logFile, log);
      const error = log.split('\n').find((l) => /^\s*(\w*Error|Uncaught|Unhandled)\b/.test(l)) ?? log.trim().split('\n').at(-1) ?? '';
      this.crashed = `the product exited by itself (${signal ?? code}): ${error.trim().slice(0, 160)} (log: ${logFile})`;
    });
  }
  async stop() {
    this.expectingExit = true;
    await this.server.stop();
  }
  get base() {
    return this.server.url;
  }
  async kill(signal: NodeJS.Signals) {
    this.expectingExit = true;
    const exited = new Promise((r) => this.server.child.once('exit', r));
    this.server.child.kill(signal);
    await exited;
  }
  /** Leads stored, counted in PostgreSQL through the embedded server's port and password file. */
  async storedLeads(): Promise<number> {
    const pgDir = join(this.dataDir, 'postgres');
    const port = readFileSync(join(pgDir, 'cluster', 'postmaster.pid'), 'utf8')
      .split('\n')[3]!
      .trim();
    const password = readFileSync(join(pgDir, 'password'), 'utf8').trim();
    const sql = createSql(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM leads`;
      return Number(row!.n);
    } finally {
      await sql.end({ timeout: 2 });
    }
  }
  /** Events in ClickHouse once the spool has drained (the count stops moving). */
  async storedEvents(): Promise<number> {
    let last = -1;
    for (let stable = 0; stable < 3; ) {
      const a = await send(this.base, 'GET', '/bench/count', '127.0.9.1');
      const n = a.status === 200 ? (JSON.parse(a.body) as { count: number }).count : -1;
      stable = n === last && n >= 0 ? stable + 1 : 0;
      last = n;
      await sleep(1000);
    }
    return last;
  }
  /** Stops (SIGINT), reopens on the same data directory, counts leads and events, stops again. */
  async reopenAndCount(): Promise<{ leads: number; events: number }> {
    await this.stop();
    await this.start();
    const counts = { events: await this.storedEvents(), leads: await this.storedLeads() };
    await this.stop();
    return counts;
  }
  remove() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Visitors during a fault: beacons and leads from many loopback addresses, health polled. */
function traffic(instance: Instance, options: { beaconEveryMs?: number; leadEveryMs?: number } = {}) {
  const beacons: number[] = [];
  const leads: number[] = [];
  const leadTimes: number[] = [];
  const health: Answer[] = [];
  let stopped = false;
  let n = 0;
  const loop = async (everyMs: number, fn: () => Promise<void>) => {
    while (!stopped) {
      void fn();
      await sleep(everyMs);
    }
  };
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
    return p;
  };
  const loops = [
    loop(options.beaconEveryMs ?? 20, async () => {
      const i = ++n;
      const a = await track(sendBeacon(instance.base, i));
      beacons.push(a.status);
    }),
    loop(options.leadEveryMs ?? 300, async () => {
      const a = await track(sendLead(instance.base, ++n));
      leads.push(a.status);
      leadTimes.push(a.ms);
    }),
    (async () => {
      while (!stopped) {
        health.push(await track(send(instance.base, 'GET', '/api/health', '127.0.8.2', undefined, {}, 5000)));
        await sleep(200);
      }
    })(),
  ];
  return {
    beacons,
    leads,
    leadTimes,
    health,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      await Promise.all([...inflight]);
    },
  };
}

const from = (i: number) => `127.0.${1 + (i % 200)}.${1 + (Math.floor(i / 200) % 250)}`;
const sendBeacon = (base: string, i: number) =>
  send(base, 'POST', '/api/events', from(i), {
    events: Array.from({ length: EVENTS_PER_BEACON }, (_, k) => ({
      name: 'page_view',
      sessionId: `fault-${i}`,
      path: `/page-${k}`,
      referrer: 'https://www.google.com/',
    })),
  });
const sendLead = (base: string, i: number, website = `http://127.0.0.1:${site.port}/`) =>
  send(base, 'POST', '/api/lead', from(i), {
    formId: 'inline-audit',
    variant: 'inline-audit',
    source: 'bench',
    website,
    businessName: `Fault Bench ${i}`,
    email: `lead${i}@realty.example`,
    emailConsent: true,
  });
const acked = (statuses: number[], ok: number) => statuses.filter((s) => s === ok).length;

/** Milliseconds from `since` until health answers 200 and a lead is stored (201); NaN past the deadline. */
async function heal(instance: Instance, since: number): Promise<number> {
  let i = 1_000_000;
  while (performance.now() - since < HEAL_DEADLINE_MS && !instance.crashed) {
    const h = await send(instance.base, 'GET', '/api/health', '127.0.8.3', undefined, {}, 5000);
    if (h.status === 200 && (await sendLead(instance.base, ++i)).status === 201) return performance.now() - since;
    await sleep(100);
  }
  return NaN;
}

const healthTimes = (answers: Answer[]) => {
  if (!answers.length) return 'no answer';
  const sorted = answers.map((a) => a.ms).sort((x, y) => x - y);
  return `${percentile(sorted, 50).toFixed(0)}/${sorted.at(-1)!.toFixed(0)} ms`;
};

interface Row {
  fault: string;
  visitors: string;
  health: string;
  heal: string;
  leads: string;
  events: string;
  note?: string;
}
const rows: Row[] = [];
const secs = (ms: number) =>
  Number.isNaN(ms) ? `NO (${current?.crashed ? 'the product exited' : 'not in 90 s'})` : `${(ms / 1000).toFixed(1)} s`;
const versus = (ackd: number, stored: number) => `${ackd} ack / ${stored} stored${stored < ackd ? ' LOST' : ''}`;

/**
 * Visitors' traffic while `fault` is done to the embedded PostgreSQL (given the postmaster's pid;
 * it resolves when the fault ends), then how long the product took to heal and what it kept.
 */
async function postgresFault(name: string, fault: (pid: number) => Promise<string>): Promise<Row> {
  const instance = await Instance.fresh(name);
  try {
    const t = traffic(instance);
    await sleep(2000);
    const pid = Number(readFileSync(join(instance.dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const label = await fault(pid);
    const healed = await heal(instance, performance.now());
    await sleep(1000);
    await t.stop();
    const healLeads = Number.isNaN(healed) ? 0 : 1;
    const stored = await instance.reopenAndCount();
    const slowest = t.leadTimes.length ? Math.max(...t.leadTimes) : NaN;
    return {
      fault: label,
      visitors: `beacons ${tally(t.beacons)}; leads ${tally(t.leads)}, slowest ${(slowest / 1000).toFixed(1)} s`,
      health: healthTimes(t.health),
      heal: secs(healed),
      // A lead that timed out may still commit once the server answers: stored can exceed acknowledged.
      leads: versus(acked(t.leads, 201) + healLeads, stored.leads),
      events: versus(acked(t.beacons, 202) * EVENTS_PER_BEACON, stored.events),
    };
  } finally {
    instance.remove();
  }
}

const postgresKilled = () =>
  postgresFault('pg', async (pid) => {
    process.kill(pid, 'SIGKILL');
    return `PostgreSQL kill -9 (pid ${pid})`;
  });

/**
 * PostgreSQL stopped (SIGSTOP) for FROZEN_MS, then resumed: a server that holds its connections
 * open and answers nothing, unlike a dead one. The forms must answer (503, retried by the site)
 * rather than hang on a pooled connection.
 */
const FROZEN_MS = 12_000;
const postgresFrozen = () =>
  postgresFault('pg-frozen', async (pid) => {
    // The postmaster and its backends: a frozen machine freezes them all.
    const children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    const all = [pid, ...children];
    for (const p of all) process.kill(p, 'SIGSTOP');
    await sleep(FROZEN_MS);
    for (const p of all) process.kill(p, 'SIGCONT');
    return `PostgreSQL frozen ${FROZEN_MS / 1000} s (SIGSTOP)`;
  });

/** A beacon burst (and a few leads), the product killed with `signal` in the middle, restarted on the same data. */
async function processKilled(signal: NodeJS.Signals): Promise<Row> {
  const instance = await Instance.fresh(signal.toLowerCase());
  try {
    const t = traffic(instance, { beaconEveryMs: 5, leadEveryMs: 200 });
    await sleep(3000);
    await instance.kill(signal);
    await t.stop();
    const restartedAt = performance.now();
    await instance.start();
    const healed = await heal(instance, restartedAt);
    const stored = await instance.reopenAndCount();
    return {
      fault: `product ${signal} under a beacon burst`,
      visitors: `beacons ${tally(t.beacons)}; leads ${tally(t.leads)}`,
      health: healthTimes(t.health),
      heal: `${secs(healed)} (restart)`,
      leads: versus(acked(t.leads, 201) + (Number.isNaN(healed) ? 0 : 1), stored.leads),
      events: versus(acked(t.beacons, 202) * EVENTS_PER_BEACON, stored.events),
    };
  } finally {
    instance.remove();
  }
}

async function reportOutcome(base: string, reportId: string, started: number): Promise<string> {
  while (performance.now() - started < AUDIT_DEADLINE_MS) {
    const r = await send(base, 'GET', `/api/audit-report/${reportId}`, '127.0.9.250');
    const state = r.status === 200 ? (JSON.parse(r.body) as { status: string }).status : 'error';
    if (state === 'ready' || state === 'failed') return `${state} in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    await sleep(250);
  }
  return `not done in ${AUDIT_DEADLINE_MS / 1000} s`;
}

async function deadSiteLeads(): Promise<Row> {
  const instance = await Instance.fresh('dead');
  try {
    const t = traffic(instance, { beaconEveryMs: 100, leadEveryMs: 60_000 });
    const answers: Answer[] = [];
    const outcomes: Array<Promise<string>> = [];
    for (let i = 1; i <= 6; i++) {
      const host = i <= 5 ? `127.0.10.${i}` : '127.0.0.1';
      const website = i <= 5 ? `http://${host}:${await closedPort(host)}/` : `http://127.0.0.1:${site.port}/`;
      const started = performance.now();
      const a = await sendLead(instance.base, 5000 + i, website);
      answers.push(a);
      outcomes.push(
        a.status === 201
          ? reportOutcome(instance.base, (JSON.parse(a.body) as { reportId: string }).reportId, started)
          : Promise.resolve(`lead ${a.status}`),
      );
    }
    const done = await Promise.all(outcomes);
    await t.stop();
    const stored = await instance.reopenAndCount();
    return {
      fault: '5 dead-site leads, then a real one',
      visitors: `leads ${tally(answers.map((a) => a.status))}; beacons ${tally(t.beacons)}`,
      health: healthTimes(t.health),
      heal: `real report ${done[5]}`,
      leads: versus(
        acked(
          answers.map((a) => a.status),
          201,
        ) + acked(t.leads, 201),
        stored.leads,
      ),
      events: versus(acked(t.beacons, 202) * EVENTS_PER_BEACON, stored.events),
      note: `dead: ${[...new Set(done.slice(0, 5).map((d) => d.replace(/ in .*/, '')))].join(', ')} in ${done
        .slice(0, 5)
        .map((d) => /in ([\d.]+) s/.exec(d)?.[1] ?? '?')
        .join(', ')} s`,
    };
  } finally {
    instance.remove();
  }
}

/** A 4 KB WAV whose header claims 1,660,960,384 samples a second. */
function craftedWav(): Buffer {
  const data = Buffer.alloc(4096, 0x11);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(1_660_960_384, 24);
  h.writeUInt32LE((1_660_960_384 * 2) >>> 0, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

async function craftedWavRow(): Promise<Row> {
  const instance = await Instance.fresh('wav');
  try {
    const t = traffic(instance, { beaconEveryMs: 100, leadEveryMs: 1000 });
    const boundary = 'faultbench';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      craftedWav(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const a = await send(instance.base, 'POST', '/api/speech-to-text', '127.0.11.1', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    await sleep(1000);
    await t.stop();
    const stored = await instance.reopenAndCount();
    return {
      fault: 'crafted WAV (1,660,960,384 Hz) to STT',
      visitors: `STT ${a.status} in ${a.ms.toFixed(0)} ms; leads ${tally(t.leads)}; beacons ${tally(t.beacons)}`,
      health: healthTimes(t.health),
      heal: 'n/a',
      leads: versus(acked(t.leads, 201), stored.leads),
      events: versus(acked(t.beacons, 202) * EVENTS_PER_BEACON, stored.events),
      note: a.body.slice(0, 90).replace(/\s+/g, ' '),
    };
  } finally {
    instance.remove();
  }
}

/** Beacons acknowledged, the product killed before the flush, half a line appended to the last segment, started again. */
async function tornSpool(): Promise<Row> {
  const instance = await Instance.fresh('torn');
  try {
    const statuses: number[] = [];
    // A burst, then the product killed at once: the last segment is still on disk, unflushed.
    await Promise.all(Array.from({ length: 200 }, (_, i) => sendBeacon(instance.base, 20_000 + i).then((a) => statuses.push(a.status))));
    await instance.kill('SIGKILL');
    const spool = join(instance.dataDir, 'spool');
    const segments = readdirSync(spool, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ndjson'))
      .sort();
    let note = 'no segment was left to tear';
    if (segments.length) {
      const last = join(spool, segments.at(-1)!);
      const lines = readFileSync(last, 'utf8').split('\n').filter(Boolean);
      const line = lines.at(-1)!;
      appendFileSync(last, line.slice(0, Math.floor(line.length / 2)));
      note = `tore ${segments.at(-1)} (${lines.length} lines, ${segments.length} segment(s) left)`;
    }
    const restartedAt = performance.now();
    await instance.start();
    const healed = await heal(instance, restartedAt);
    const stored = await instance.reopenAndCount();
    const ack = acked(statuses, 202) * EVENTS_PER_BEACON;
    return {
      fault: 'torn spool segment (SIGKILL, half a line appended)',
      visitors: `beacons ${tally(statuses)}`,
      health: 'n/a',
      heal: `${secs(healed)} (restart)`,
      leads: versus(Number.isNaN(healed) ? 0 : 1, stored.leads),
      events: `${versus(ack, stored.events)}; lost beyond the torn line: ${Math.max(0, ack - stored.events)}`,
      note,
    };
  } finally {
    instance.remove();
  }
}

async function diskFull(): Promise<Row> {
  const skip = (why: string): Row => ({
    fault: 'disk full under DATA_DIR',
    visitors: `skipped: ${why}`,
    health: '',
    heal: '',
    leads: '',
    events: '',
  });
  if (process.getuid?.() !== 0) return skip('needs root and tmpfs');
  const mountPoint = mkdtempSync(join(tmpdir(), 'curb-bench-faults-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=400m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return skip('needs root and tmpfs');
  }
  const dataDir = join(mountPoint, 'data');
  mkdirSync(dataDir);
  const instance = await Instance.fresh('disk', dataDir);
  const filler = join(mountPoint, 'filler');
  try {
    const t = traffic(instance);
    await sleep(1000);
    // Fill what is left, a megabyte at a time, until the file system refuses.
    const mb = Buffer.alloc(1 << 20, 1);
    try {
      for (;;) appendFileSync(filler, mb);
    } catch {}
    const fullAt = performance.now();
    await sleep(5000);
    const duringFull = { beacons: [...t.beacons], leads: [...t.leads] };
    rmSync(filler, { force: true });
    const freedAt = performance.now();
    const healed = await heal(instance, freedAt);
    await sleep(1000);
    await t.stop();
    const stored = await instance.reopenAndCount();
    return {
      fault: 'disk full under DATA_DIR (tmpfs, 5 s)',
      visitors: `beacons ${tally(t.beacons)}; leads ${tally(t.leads)}`,
      health: healthTimes(t.health),
      heal: `${secs(healed)} after freeing (full ${((freedAt - fullAt) / 1000).toFixed(0)} s)`,
      leads: versus(acked(t.leads, 201) + (Number.isNaN(healed) ? 0 : 1), stored.leads),
      events: versus(acked(t.beacons, 202) * EVENTS_PER_BEACON, stored.events),
      note: `${duringFull.beacons.length} beacons/${duringFull.leads.length} leads sent up to the end of the full window`,
    };
  } finally {
    rmSync(filler, { force: true });
    if (instance.server.child.exitCode === null && instance.server.child.signalCode === null) await instance.stop();
    try {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
    } catch {}
    rmSync(mountPoint, { recursive: true, force: true });
  }
}

const faults: Array<[string, () => Promise<Row>]> = [
  ['PostgreSQL kill -9', postgresKilled],
  ['PostgreSQL frozen', postgresFrozen],
  ['SIGKILL under a beacon burst', () => processKilled('SIGKILL')],
  ['SIGTERM under a beacon burst', () => processKilled('SIGTERM')],
  ['five dead-site leads', deadSiteLeads],
  ['crafted WAV', craftedWavRow],
  ['torn spool segment', tornSpool],
  ['disk full', diskFull],
];
try {
  // `pnpm bench:faults -- postgres torn`: only the faults whose names contain one of the words.
  const only = process.argv.slice(2).map((w) => w.toLowerCase());
  for (const [name, fn] of faults) {
    if (only.length && !only.some((w) => name.toLowerCase().includes(w))) continue;
    const started = performance.now();
    current = undefined;
    try {
      const row = await fn();
      const crashed = (current as Instance | undefined)?.crashed;
      if (crashed) row.note = [row.note, crashed].filter(Boolean).join('; ');
      rows.push(row);
    } catch (err) {
      rows.push({
        fault: name,
        visitors: `bench error: ${(err as Error).message.split('\n')[0]}`,
        health: '',
        heal: '',
        leads: '',
        events: '',
      });
    }
    console.log(`done: ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  rows.push({
    fault: 'ClickHouse refusing inserts',
    visitors: 'skipped: chDB runs in-process, no clean way to make it refuse inserts from outside',
    health: '',
    heal: '',
    leads: '',
    events: '',
  });
} finally {
  await site.close();
  closeAgents();
}

const table = [
  ['fault', 'what visitors got', 'health p50/max', 'heals by itself', 'leads', 'events', 'note'],
  ...rows.map((r) => [r.fault, r.visitors, r.health, r.heal, r.leads, r.events, r.note ?? '']),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
console.log('\nFault benchmark (production mode on loopback; statuses are count×status, 0 = no answer)\n');
for (const r of table)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
const lost = rows.some((r) => r.leads.includes('LOST') || r.events.includes('LOST'));
console.log(`\n${lost ? 'Something acknowledged was lost.' : 'Nothing acknowledged was lost.'}`);
process.exitCode = lost ? 1 : 0;
