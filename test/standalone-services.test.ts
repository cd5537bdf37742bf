// Distributed mode: each service runs on its own against external stores only.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';
import { REPO_ROOT } from './process.ts';

function runService(name: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, `services/${name}/src/server.ts`)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a service run alone', () => {
  it.each(['api', 'collector', 'worker'])('%s refuses to start without external stores, in one line', async (name) => {
    const { code, output } = await runService(name, {});
    expect(code).toBe(1);
    expect(output.trim()).toBe('DATABASE_URL is required when a service runs on its own (use `pnpm start` for the embedded mode).');
  });

  it('names an unreachable PostgreSQL in one line', async () => {
    const { code, output } = await runService('collector', {
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
      CLICKHOUSE_URL: 'http://127.0.0.1:1/curb',
    });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^PostgreSQL is not usable: /);
  });

  it('names an unreachable ClickHouse in one line once PostgreSQL is fine', async () => {
    const db = await createTestDatabase();
    try {
      const { code, output } = await runService('collector', { DATABASE_URL: db.url, CLICKHOUSE_URL: 'http://127.0.0.1:1/curb' });
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(output).toMatch(/^ClickHouse is not usable: /);
    } finally {
      await db.drop();
    }
  });
});
