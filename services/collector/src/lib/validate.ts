// Compiled TypeBox checks of the beacon wire format (packages/contracts/src/events.ts), with
// an error message that names the offending field.
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Type } from '@sinclair/typebox';
import { TrackedEventSchema, type TrackedEvent } from '@curb/contracts/events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The same shape Ajv's `email` format accepts: local@domain.tld without spaces.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => UUID.test(v));
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (v) => EMAIL.test(v));

const single = TypeCompiler.Compile(TrackedEventSchema);
const batch = TypeCompiler.Compile(Type.Object({ events: Type.Array(TrackedEventSchema, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }));

export type Parsed = { ok: true; events: TrackedEvent[] } | { ok: false; message: string };

/** One event or `{events: [...]}` (1 to 100 events); anything else names its first problem. */
export function parseBeacon(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Invalid request: the body must be one event object or {"events": [...]}.' };
  }
  const isBatch = 'events' in body;
  const check = isBatch ? batch : single;
  if (check.Check(body)) return { ok: true, events: isBatch ? (body as { events: TrackedEvent[] }).events : [body as TrackedEvent] };
  const error = check.Errors(body).First();
  const where = error?.path ? error.path : 'body';
  return { ok: false, message: `Invalid request: ${where} ${error?.message.toLowerCase() ?? 'is not valid'}.` };
}
