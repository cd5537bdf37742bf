// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/toast/toast-store';
import { RETRY_BUDGET_MS, retryAfterMs, retryDelayMs } from './api-client';
import { STILL_SENDING, submitForm } from './form-submit';

/** What the test server does with the n-th request (0-based) of a test. */
type Step = (response: ServerResponse, request: IncomingMessage) => void;

let server: Server;
let baseUrl: string;
let steps: Step[] = [];
let received: { body: string; openToasts: string[] }[] = [];

const unavailable =
  (retryAfter?: string): Step =>
  (response) => {
    response.writeHead(503, { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) });
    response.end(JSON.stringify({ message: 'This could not be done just now. Please try again in a few seconds.' }));
  };
const created: Step = (response) => {
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: 'lead-1' }));
};
const openToastTitles = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.open)
    .map((t) => t.title ?? '');

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const step = steps[Math.min(received.length, steps.length - 1)]!;
      received.push({ body, openToasts: openToastTitles() });
      step(response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  steps = [];
  received = [];
  useToastStore.getState().remove();
});

const lead = { email: 'owner@example.com', submissionId: '6f1c1f9e-4b1e-4c55-9d0e-3d0f1c2b7a10' };

describe('submitForm: the public forms retry while the server is briefly unavailable', () => {
  it('sends the same body again after 503s, honouring Retry-After, with a calm notice meanwhile', async () => {
    steps = [unavailable('1'), unavailable('1'), created];
    const started = Date.now();
    const response = await submitForm(`${baseUrl}/api/lead`, lead);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 'lead-1' });
    expect(received.map((r) => r.body)).toEqual(Array(3).fill(JSON.stringify(lead)));
    // 1 s (Retry-After and the first backoff), then 2 s (the backoff, longer than Retry-After).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    // "Still sending…" was on screen while the retries went out, and is gone once sent.
    expect(received.map((r) => r.openToasts)).toEqual([[], [STILL_SENDING.title], [STILL_SENDING.title]]);
    expect(openToastTitles()).toEqual([]);
  });

  it('tries again after a network failure (502/504 and unreachable alike)', async () => {
    steps = [(_response, request) => request.socket.destroy(), (response) => response.writeHead(502).end(), created];
    const response = await submitForm(`${baseUrl}/api/contact`, lead);
    expect(response.status).toBe(201);
    expect(received).toHaveLength(3);
  });

  it('does not retry an answer that will not change (400, 500)', async () => {
    for (const status of [400, 500]) {
      received = [];
      steps = [
        (response) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: `answered ${status}` }));
        },
      ];
      await expect(submitForm(`${baseUrl}/api/lead`, lead)).rejects.toThrow(`${status}: {"message":"answered ${status}"}`);
      expect(received).toHaveLength(1);
    }
  });

  it('gives up when its time is over, with the server’s own words', async () => {
    steps = [unavailable()];
    const started = Date.now();
    await expect(submitForm(`${baseUrl}/api/lead`, lead, { budgetMs: 2500 })).rejects.toThrow(
      '503: {"message":"This could not be done just now. Please try again in a few seconds."}',
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2400);
    expect(took).toBeLessThan(4000);
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(openToastTitles()).toEqual([]);
  });

  it('gives up at once when the server asks for a longer pause than is left', async () => {
    steps = [unavailable('120')];
    await expect(submitForm(`${baseUrl}/api/lead`, lead)).rejects.toThrow(/^503: /);
    expect(received).toHaveLength(1);
  });
});

describe('retry timing', () => {
  it('backs off exponentially from 1 s to at most 8 s, never shorter than Retry-After', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, null))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(retryDelayMs(1, 2000)).toBe(2000);
    expect(retryDelayMs(3, 2000)).toBe(4000);
  });

  it('keeps every try within the budget of about 30 s', () => {
    let waited = 0;
    let tries = 1;
    for (let n = 1; waited < RETRY_BUDGET_MS; n++, tries++) waited += Math.min(retryDelayMs(n, 2000), RETRY_BUDGET_MS - waited);
    expect(waited).toBe(30_000);
    expect(tries).toBe(7);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
