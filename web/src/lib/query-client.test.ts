// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

let server: Server;
let baseUrl: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(401);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('createQueryClient', () => {
  it('applies the spec defaults to queries and mutations', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('loads a query from its key by default, throwing on 401 without retrying', async () => {
    hits = 0;
    await expect(createQueryClient().fetchQuery({ queryKey: [`${baseUrl}/api/admin`, 'funnels'] })).rejects.toThrow(
      new Error('401: Unauthorized'),
    );
    expect(hits).toBe(1);
  });
});
