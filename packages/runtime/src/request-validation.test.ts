// The server's one validator, on every route: bodies as sent (never coerced), URL parts read
// as their schema's numbers and booleans, one sentence naming the field for every refusal.
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorResponseSchema, FieldErrorResponseSchema } from '@curb/contracts/errors';
import { testConfig } from '../../../test/harness.ts';
import { createServer } from './server.ts';

const Body = Type.Object(
  {
    name: Type.String({ maxLength: 5 }),
    count: Type.Optional(Type.Integer({ minimum: 1 })),
    on: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
  },
  { additionalProperties: false },
);
const Query = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100, default: 1 }),
    exact: Type.Optional(Type.Boolean()),
    kind: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  },
  { additionalProperties: false },
);

let app: FastifyInstance;

beforeAll(async () => {
  app = await createServer(testConfig());
  const echo = async (request: { body?: unknown; query?: unknown }) => ({ body: request.body ?? null, query: request.query });
  // One route whose refusals carry the field, one whose error schema has none.
  app.post('/api/with-field', { schema: { body: Body, response: { '4xx': FieldErrorResponseSchema } } }, echo);
  app.post('/api/without-field', { schema: { body: Body, response: { '4xx': ErrorResponseSchema } } }, echo);
  app.get('/api/list', { schema: { querystring: Query } }, echo);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

describe('request bodies', () => {
  it('takes a body as sent and refuses a wrong type instead of coercing it', async () => {
    expect((await post('/api/with-field', { name: 'Ann', count: 2, on: true })).json()).toEqual({
      body: { name: 'Ann', count: 2, on: true },
      query: {},
    });
    for (const [payload, message, field] of [
      [{ name: 42 }, 'name must be text.', 'name'],
      [{ name: ['Ann'] }, 'name must be text.', 'name'],
      [{ name: 'Ann', count: '2' }, 'count must be a whole number.', 'count'],
      [{ name: 'Ann', on: 'true' }, 'on must be true or false.', 'on'],
      [{ name: 'Ann', count: 0 }, 'count must be at least 1.', 'count'],
      [{}, 'name is required.', 'name'],
      [{ name: 'Annabel' }, 'name is too long (at most 5 characters).', 'name'],
      [{ name: 'Ann', admin: true }, 'Unknown field "admin".', 'admin'],
      [{ name: 'Ann', tags: 'x' }, 'tags must be a list.', 'tags'],
      [{ name: 'Ann', tags: ['a', 'b', 'c'] }, 'tags has too many entries (at most 2).', 'tags'],
      ['Ann', 'The request body must be a JSON object.', undefined],
    ] as const) {
      const res = await post('/api/with-field', payload);
      expect([res.statusCode, res.json()]).toEqual([400, field === undefined ? { message } : { message, field }]);
    }
  });

  it('sends the same sentence without the field where the route names none', async () => {
    const res = await post('/api/without-field', { name: 42 });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'name must be text.' }]);
  });
});

describe('query strings', () => {
  it("reads numbers and booleans as the schema's and fills in its defaults", async () => {
    expect((await app.inject('/api/list')).json().query).toEqual({ page: 1 });
    expect((await app.inject('/api/list?page=3&exact=true&kind=b')).json().query).toEqual({ page: 3, exact: true, kind: 'b' });
  });

  it('refuses what is not a number as written, never reading a prefix of it', async () => {
    for (const [query, message] of [
      ['page=1e309', 'page must be a whole number.'],
      ['page=Infinity', 'page must be a whole number.'],
      ['page=1.5', 'page must be a whole number.'],
      ['page=0x10', 'page must be a whole number.'],
      ['page=', 'page must be a whole number.'],
      ['page=101', 'page must be at most 100.'],
      ['exact=yes', 'exact must be true or false.'],
      ['kind=c', 'kind must be a or b.'],
      ['sort=name', 'Unknown field "sort".'],
    ]) {
      const res = await app.inject(`/api/list?${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, { message }]);
    }
  });
});
