// Compiled TypeBox checks of the beacon wire format (packages/contracts/src/events.ts), with
// an error message that names the offending field.
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { EventListSchema, TrackedEventSchema, type TrackedEvent } from '@curb/contracts/events';
import '@curb/contracts/formats';

const single = TypeCompiler.Compile(TrackedEventSchema);
const batch = TypeCompiler.Compile(EventListSchema);

export type Parsed = { ok: true; events: TrackedEvent[] } | { ok: false; message: string };

/**
 * One id, one spelling: a UUID's hex digits in either case name the same id, and the duplicate
 * check compares strings, so the ids are lower-cased here, before anything reads them.
 */
function normaliseIds(event: TrackedEvent): TrackedEvent {
  if (event.eventId) event.eventId = event.eventId.toLowerCase();
  if (event.visitorId) event.visitorId = event.visitorId.toLowerCase();
  return event;
}

/** One event or `{events: [...]}` (1 to 100 events); anything else names its first problem. */
export function parseBeacon(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Invalid request: the body must be one event object or {"events": [...]}.' };
  }
  const isBatch = 'events' in body;
  const check = isBatch ? batch : single;
  if (check.Check(body)) {
    const events = isBatch ? (body as { events: TrackedEvent[] }).events : [body as TrackedEvent];
    return { ok: true, events: events.map(normaliseIds) };
  }
  const error = check.Errors(body).First();
  const where = error?.path ? error.path : 'body';
  return { ok: false, message: `Invalid request: ${where} ${error?.message.toLowerCase() ?? 'is not valid'}.` };
}
