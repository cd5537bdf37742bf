// Wire format of POST /api/events: one event or {events: [...]} (at most 100), sent by the
// tracker with sendBeacon as text/plain or by fetch as application/json.
import { Type, type Static } from '@sinclair/typebox';

const ShortText = (maxLength: number) => Type.String({ maxLength });

export const UtmSchema = Type.Object(
  {
    source: Type.Optional(ShortText(200)),
    medium: Type.Optional(ShortText(200)),
    campaign: Type.Optional(ShortText(200)),
    content: Type.Optional(ShortText(200)),
    term: Type.Optional(ShortText(200)),
  },
  { additionalProperties: false },
);

export const TrackedEventSchema = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', description: 'snake_case event name' }),
    ts: Type.Optional(Type.Integer({ minimum: 0 })),
    eventId: Type.Optional(Type.String({ format: 'uuid' })),
    sessionId: Type.Optional(ShortText(64)),
    /** First-party visitor id, sent only after the visitor consented; otherwise the server derives a daily-rotating one. */
    visitorId: Type.Optional(Type.String({ format: 'uuid' })),
    path: Type.Optional(ShortText(2048)),
    referrer: Type.Optional(ShortText(2048)),
    utm: Type.Optional(UtmSchema),
    testType: Type.Optional(ShortText(64)),
    variant: Type.Optional(ShortText(64)),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    /** The screen's width in CSS pixels: stored only as its size class (stats.ts, screenSizeClass). */
    screenWidth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    props: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.Union([ShortText(1024), Type.Number(), Type.Boolean()]), { maxProperties: 32 }),
    ),
  },
  { additionalProperties: false },
);

/** A batch as the tracker sends it: 1 to 100 events. */
export const EventListSchema = Type.Object(
  { events: Type.Array(TrackedEventSchema, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

export type TrackedEvent = Static<typeof TrackedEventSchema>;

export const MAX_EVENT_BODY_BYTES = 64 * 1024;
