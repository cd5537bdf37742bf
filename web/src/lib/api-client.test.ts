// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, getQueryFn } from './api-client';

interface Received {
  method: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let lastRequest: Received;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      lastRequest = { method: request.method, contentType: request.headers['content-type'], body };
      switch (request.url) {
        case '/api/ok':
        case '/api/items/42':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ ok: true, url: request.url }));
          return;
        case '/api/invalid':
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'Invalid URL provided' }));
          return;
        case '/api/auth/user':
          response.writeHead(401);
          response.end('Not authenticated');
          return;
        default:
          // No body: the error message falls back to the status text.
          response.writeHead(404);
          response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('apiRequest', () => {
  it('sends a body as JSON with a JSON content type', async () => {
    const response = await apiRequest('POST', `${baseUrl}/api/ok`, { url: 'example.com' });
    expect(await response.json()).toEqual({ ok: true, url: '/api/ok' });
    expect(lastRequest).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"url":"example.com"}',
    });
  });

  it('sends no content type without a body', async () => {
    await apiRequest('GET', `${baseUrl}/api/ok`);
    expect(lastRequest).toEqual({ method: 'GET', contentType: undefined, body: '' });
  });

  it('throws "<status>: <body text>" on a non-OK answer', async () => {
    await expect(apiRequest('POST', `${baseUrl}/api/invalid`, {})).rejects.toThrow(new Error('400: {"message":"Invalid URL provided"}'));
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(apiRequest('GET', `${baseUrl}/api/missing`)).rejects.toThrow(new Error('404: Not Found'));
  });
});

describe('getQueryFn', () => {
  // A fresh cache per test, so each test really reaches the server.
  const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('GETs the query key parts joined with "/" and parses JSON', async () => {
    const data = await queryClient().fetchQuery({
      queryKey: [`${baseUrl}/api/items`, 42],
      queryFn: getQueryFn<{ url: string }>({ on401: 'throw' }),
    });
    expect(data).toEqual({ ok: true, url: '/api/items/42' });
    expect(lastRequest.method).toBe('GET');
  });

  it('returns null on 401 when asked to', async () => {
    const user = await queryClient().fetchQuery({
      queryKey: [`${baseUrl}/api/auth/user`],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(user).toBeNull();
  });

  it('throws on 401 by default', async () => {
    await expect(
      queryClient().fetchQuery({
        queryKey: [`${baseUrl}/api/auth/user`],
        queryFn: getQueryFn({ on401: 'throw' }),
      }),
    ).rejects.toThrow(new Error('401: Not authenticated'));
  });
});
