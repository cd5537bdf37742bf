import { ConfigError } from '@curb/contracts/config';
import { StartupError } from './config.ts';

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
