import { ConfigError } from '@curb/contracts/config';
import { StartupError } from './config.ts';
import { storeUnavailable } from './store-errors.ts';

/**
 * Runs a service entry point: a configuration or start-up problem ends the process with
 * one line on stderr and exit code 1, never a stack trace.
 */
export function runMain(start: () => Promise<void>): void {
  start().catch((err: unknown) => {
    const known = err instanceof ConfigError || err instanceof StartupError;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${known ? message : `Could not start: ${message}`}\n`);
    process.exit(1);
  });
}

/**
 * Stops on the first SIGINT/SIGTERM within `timeoutMs`; a second signal, or a stop that
 * overruns, exits at once so Ctrl-C never hangs.
 */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(`\n${signal} received: stopping...\n`);
    const timer = setTimeout(() => {
      process.stderr.write('Stop took too long: exiting now.\n');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * A store connection that dies under load can fail outside any request: a driver's socket
 * callback or a pool's background query throws where nothing awaits it, and Node would end
 * the whole product for an error that the database supervisor and the pools recover from in
 * a second (seen with `pnpm bench:faults`: PostgreSQL killed while leads arrive). Such an error
 * is logged and survived; any other uncaught error still ends the process, as before.
 */
export function surviveStoreOutages(warn: (message: string) => void): void {
  const handle = (what: string) => (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (storeUnavailable(err)) {
      warn(`${what} from a store connection (${message}): the store is recovering, carrying on`);
      return;
    }
    process.stderr.write(`${what}: ${err instanceof Error ? (err.stack ?? message) : message}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', handle('Uncaught error'));
  process.on('unhandledRejection', handle('Unhandled rejection'));
}
