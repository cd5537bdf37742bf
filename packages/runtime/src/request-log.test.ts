import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/harness.ts';
import { REQUEST_SUMMARY_MS, SLOW_REQUEST_MS, createServer } from './server.ts';

/** A server at the default level whose log lines are kept for the test. */
async function loggedServer() {
  const lines: Record<string, unknown>[] = [];
  const app = await createServer(testConfig({ LOG_LEVEL: 'info' }), {
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  app.post('/api/ok', async () => ({ ok: true }));
  app.get('/api/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  app.get('/api/busy', async (_request, reply) => reply.code(503).header('retry-after', '1').send({ message: 'Busy.' }));
  app.get('/api/boom', async () => {
    throw new Error('database exploded');
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('writes no line for an ordinary or throttled request, one for each refused, failed or slow one, and a summary a minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const { app, lines } = await loggedServer();
      for (let i = 0; i < 500; i++) await app.inject({ method: 'POST', url: '/api/ok', payload: {} });
      expect(lines).toEqual([]);

      await app.inject({ method: 'POST', url: '/api/ok?token=secret', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
      for (let i = 0; i < 50; i++) await app.inject('/api/busy');
      await app.inject('/api/boom');
      await app.inject('/api/slow');
      expect(lines.map((l) => [l.msg, l.status, l.path])).toEqual([
        ['request refused', 400, '/api/ok'],
        ['request failed', undefined, undefined], // the error handler's line, with the error
        ['request failed', 500, '/api/boom'],
        ['slow request', 200, '/api/slow'],
      ]);
      expect(JSON.stringify(lines)).not.toContain('secret');

      vi.advanceTimersByTime(REQUEST_SUMMARY_MS);
      expect(lines.at(-1)).toMatchObject({
        msg: 'requests served',
        requests: 553,
        '2xx': 501,
        '4xx': 1,
        '5xx': 51,
        throttled: 50,
        slow: 1,
      });
      vi.advanceTimersByTime(REQUEST_SUMMARY_MS);
      expect(lines).toHaveLength(5);
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
