import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness.ts';
import { HttpError } from './http-error.ts';
import { createServer } from './server.ts';

const Message = Type.Object({ message: Type.String() });
const MessageAndField = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });

describe("HttpError, answered by the server's error handler", () => {
  it('sends the status and message as they are, the field where the route names one, and Retry-After', async () => {
    const app = await createServer(testConfig());
    try {
      const refuse = (error: HttpError) => async () => {
        throw error;
      };
      const withField = new HttpError(400, 'Popup Creator › Delay (seconds) must be a whole number from 0 to 600.', {
        field: 'config.popup.delaySeconds',
      });
      app.get('/api/field', { schema: { response: { '4xx': MessageAndField } } }, refuse(withField));
      app.get('/api/field-unnamed', { schema: { response: { '4xx': MessageAndField } } }, refuse(new HttpError(409, 'Busy.')));
      // A route whose answers carry no field drops it: the client gets `{ message }` only.
      app.get('/api/no-field-schema', { schema: { response: { '4xx': Message } } }, refuse(withField));
      app.get('/api/throttled', refuse(new HttpError(429, 'Too many.', { retryAfterSeconds: 30 })));
      app.post('/api/echo', async (request) => request.body);
      await app.ready();

      const answer = async (url: string) => {
        const res = await app.inject({ url });
        return [res.statusCode, res.body, res.headers['retry-after']];
      };
      expect(await answer('/api/field')).toEqual([
        400,
        '{"message":"Popup Creator › Delay (seconds) must be a whole number from 0 to 600.","field":"config.popup.delaySeconds"}',
        undefined,
      ]);
      expect(await answer('/api/field-unnamed')).toEqual([409, '{"message":"Busy."}', undefined]);
      expect(await answer('/api/no-field-schema')).toEqual([
        400,
        '{"message":"Popup Creator › Delay (seconds) must be a whole number from 0 to 600."}',
        undefined,
      ]);
      expect(await answer('/api/throttled')).toEqual([429, '{"message":"Too many."}', '30']);
      // The server's own refusals are HttpErrors too: an unknown api path, a query it cannot store.
      expect(await answer('/api/nowhere?x=1')).toEqual([404, '{"message":"Not found: GET /api/nowhere"}', undefined]);
      expect(await answer('/api/field?constructor=1')).toEqual([
        400,
        '{"message":"The field name \\"constructor\\" is not allowed."}',
        undefined,
      ]);
      const broken = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect([broken.statusCode, broken.body]).toEqual([400, '{"message":"The body must be JSON."}']);
    } finally {
      await app.close();
    }
  });

  it('keeps what it is given and nothing else', () => {
    const error = new HttpError(404, 'This funnel has no version 9.', { field: 'version' });
    expect(error).toMatchObject({ statusCode: 404, message: 'This funnel has no version 9.', field: 'version', name: 'HttpError' });
    expect(Object.keys(new HttpError(400, 'No.'))).not.toContain('field');
    expect(new HttpError(503, 'Later.', { retryAfterSeconds: 5 }).retryAfterSeconds).toBe(5);
  });
});
