// `pnpm demo [--url http://localhost:3000] [--visitors 600] [--leads 12]`: fills the product
// with a day's worth of realistic activity through its public endpoints, so every admin page
// has live figures, and waits for the demo's audits to finish. The audits read sample sites
// served on this machine; a product started with the default (private networks refused)
// would fail them all, so when nothing answers at --url the demo starts the product itself
// with AUDIT_ALLOW_PRIVATE_NETWORKS=true for this run only, and stops it at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LoopbackRefusedError, sendDemoActivity, waitForAudits } from './activity.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    visitors: { type: 'string', default: '600' },
    leads: { type: 'string', default: '12' },
  },
});

const url = values.url!;
const visitors = Number(values.visitors);
const leads = Number(values.leads);
if (!Number.isInteger(visitors) || visitors < 1 || visitors > 100_000 || !Number.isInteger(leads) || leads < 0 || leads > 200) {
  process.stderr.write('--visitors must be 1 to 100000 and --leads 0 to 200.\n');
  process.exit(1);
}
/** The demo gives up on its audits only when none has moved for this long (each runs a lab run in Chromium). */
const AUDIT_STALL_MS = 5 * 60_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

const healthy = async () => (await fetch(new URL('/api/health', url)).catch(() => null))?.ok === true;

async function startProductForDemo(): Promise<ChildProcess> {
  say(`Nothing answers at ${url}: starting the product for the demo (sites on this machine may be audited for this run only).`);
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'start.mjs')], {
    env: { ...process.env, AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', PORT: new URL(url).port || '3000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; !(await healthy()); waited += 500) {
    if (child.exitCode !== null || waited > 120_000) throw new Error('The product did not start: see the output above.');
    await new Promise((r) => setTimeout(r, 500));
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

let product: ChildProcess | null = null;
try {
  if (!(await healthy())) product = await startProductForDemo();
  const started = performance.now();
  const result = await sendDemoActivity(url, { visitors, leads, log: say });
  try {
    const audits = await waitForAudits(url, result.leads, { stallMs: AUDIT_STALL_MS, log: say });
    say(
      `Demo activity sent in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${result.sessions} sessions, ${result.events} events, ` +
        `${result.leads.length} audit requests (${audits.ready} ready, ${audits.failed} failed, ${audits.pending} still running).`,
    );
  } finally {
    await result.sites.close();
  }
  say(
    product
      ? 'Start the product with `pnpm start` and open /admin to see it (sign in as the admin).'
      : `Open ${new URL('/admin', url)} to see it (sign in as the admin).`,
  );
} catch (err) {
  const message = (err as Error).message;
  process.stderr.write(
    err instanceof LoopbackRefusedError
      ? `${message}\nStop the product and run \`pnpm demo\` alone: it starts the product with audits of this machine's sample sites ` +
          `allowed for the demo only.\n`
      : `${message}\n`,
  );
  process.exitCode = 1;
} finally {
  if (product) await stop(product);
}
