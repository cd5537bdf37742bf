// `pnpm start`: the whole product in one process.
import { loadConfig, runMain, stopOnSignals } from '@curb/runtime';
import { launch } from './launch.ts';

runMain(async () => {
  const started = performance.now();
  const config = loadConfig();
  const launched = await launch(config, { log: (line) => process.stdout.write(`${line}\n`) });
  stopOnSignals(launched.stop, config.SHUTDOWN_TIMEOUT_MS);

  const port = new URL(launched.url).port;
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
      '  Create the admin user: pnpm admin:create (or set ADMIN_EMAIL and ADMIN_PASSWORD before starting)',
      '  Stop: Ctrl-C',
      '',
    ].join('\n'),
  );
});
