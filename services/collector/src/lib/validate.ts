// Compiled TypeBox checks of the beacon wire format (packages/contracts/src/events.ts), with
// an error message that names the offending field.
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { EventListSchema, TrackedEventSchema, type TrackedEvent } from '@curb/contracts/events';
import '@curb/contracts/formats';

const single = TypeCompiler.Compile(TrackedEventSchema);
const batch = TypeCompiler.Compile(EventListSchema);

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
