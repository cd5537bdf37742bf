// One embedded PostgreSQL server for the whole run; each test file creates its own
// database on it (see harness.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@curb/db';
import { freePort } from '@curb/runtime/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'curb-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  project.provide('postgresUrl', pg.url);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
