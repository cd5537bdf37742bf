// surviveStoreOutages in a real Node process: an error from a dead store connection thrown
// where nothing awaits it is logged and the process carries on; any other one still ends it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, 'main.ts');

/** Runs a script that installs the handlers, then fails as `failure` says, in its own process. */
function run(failure: string) {
  const script = `
    import { surviveStoreOutages } from ${JSON.stringify(MAIN)};
    surviveStoreOutages((message) => console.log('warned: ' + message));
    ${failure}
    setTimeout(() => console.log('still running'), 200);
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

describe('surviveStoreOutages', () => {
  it('carries on after a store connection error thrown or rejected outside any request', () => {
    const thrown = run(
      "setTimeout(() => { throw Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }); });",
    );
    expect(thrown.stdout).toContain('warned: Uncaught error from a store connection (write CONNECTION_CLOSED 127.0.0.1:5432)');
    expect(thrown.stdout).toContain('still running');
    expect(thrown.status).toBe(0);
    const rejected = run("Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));");
    expect(rejected.stdout).toContain('warned: Unhandled rejection from a store connection');
    expect(rejected.status).toBe(0);
  });

  it('still ends the process on any other uncaught error', () => {
    const bug = run("setTimeout(() => { throw new TypeError('x is not a function'); });");
    expect(bug.status).toBe(1);
    expect(bug.stderr).toContain('Uncaught error: TypeError: x is not a function');
    expect(bug.stdout).not.toContain('still running');
  });
});
