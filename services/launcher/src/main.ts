// `pnpm start`: the whole product in one process.
import { adminEmails } from '@curb/api/lib/auth/admin-users';
import { loadConfig, runMain, stopOnSignals, surviveStoreOutages } from '@curb/runtime';
import { selfCheck, selfCheckLines } from '@curb/runtime/self-check';
import { launch } from './launch.ts';

runMain(async () => {
  const started = performance.now();
  const config = loadConfig();
  const launched = await launch(config, { log: (line) => process.stdout.write(`${line}\n`) });
  stopOnSignals(launched.stop, config.SHUTDOWN_TIMEOUT_MS);
  surviveStoreOutages((message) => launched.app.log.warn(message));

  const port = new URL(launched.url).port;
  // After the start: ADMIN_EMAIL/ADMIN_PASSWORD may just have created the account. A banner
  // never stops the product: without the answer it names the command only.
  const admins = await adminEmails(launched.stores.sql).catch(() => null);
  const site = config.PUBLIC_URL ?? `http://localhost:${port}`;
  process.stdout.write(
    [
      '',
      `Curb Appeal is running (${launched.stores.mode} mode, ready in ${Math.round(performance.now() - started)} ms)`,
      `  Site:   ${site}/`,
      `  Admin:  ${site}/admin`,
      `  Health: ${site}/api/health`,
      `  Data:   ${config.DATABASE_URL ? 'external PostgreSQL' : `${config.DATA_DIR}/postgres`}, ` +
        `${config.CLICKHOUSE_URL ? 'external ClickHouse' : `${config.DATA_DIR}/clickhouse`}`,
      adminLine(admins),
      '  Stop: Ctrl-C',
      '',
    ].join('\n'),
  );
  // On a server, what is still to fix, each with its fix; a check that cannot run never stops the product.
  if (config.NODE_ENV === 'production') {
    const items = await selfCheck(config, launched.stores.sql).catch((err: Error) => {
      launched.app.log.warn({ err: err.message }, 'self-check could not run');
      return [];
    });
    for (const line of selfCheckLines(items)) launched.app.log.warn(line);
  }
});

/** The banner's line about the admin account: who it is, or how to create one. */
function adminLine(admins: string[] | null): string {
  if (admins === null) return '  Admin user: pnpm admin:create creates one or sets a new password';
  if (admins.length === 0) return '  Create the admin user: pnpm admin:create (or set ADMIN_EMAIL and ADMIN_PASSWORD before starting)';
  return `  Admin user: ${admins.join(', ')} (pnpm admin:create sets a new password, or adds another)`;
}
