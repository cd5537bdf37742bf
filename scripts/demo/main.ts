// `pnpm demo [--url http://localhost:3000] [--visitors 600] [--leads 12]`: fills a running
// product with a day's worth of realistic activity through its public endpoints, so every
// admin page has live figures. Start the product first (`pnpm start`).
import { parseArgs } from 'node:util';
import { sendDemoActivity } from './activity.ts';

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

try {
  const health = await fetch(new URL('/api/health', url)).catch(() => null);
  if (!health) throw new Error(`Nothing answers at ${url}: start the product with \`pnpm start\` (or pass --url).`);
  const started = performance.now();
  const result = await sendDemoActivity(url, { visitors, leads, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(
    `Demo activity sent in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.sessions} sessions, ${result.events} events, ${result.leads.length} audit requests.\n` +
      `Open ${new URL('/admin', url)} to see it (sign in as the admin).\n`,
  );
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
