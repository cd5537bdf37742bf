// Text a client sends must be storable before it is acknowledged. PostgreSQL refuses NUL in
// text and json; ClickHouse refuses a JSON row holding a lone UTF-16 surrogate; control
// characters break the plain-text mails and logs they end up in. Every request body passes
// through `cleanClientJson` once, at the edge (the server's preValidation hook and the
// beacon parser), so no route can forget it:
// - free text (paths, referrers, names, messages, settings) keeps counting: each offending
//   character becomes U+FFFD;
// - identity fields (e-mail addresses, ids, URLs, phone numbers) are refused with a 400,
//   since a replaced character would make them name somebody or something else;
// - keys that reach JavaScript's object machinery (`__proto__`, `constructor`, `prototype`)
//   and keys with unstorable characters are refused, and so is nesting deeper than any
//   form of ours uses.
// The decision per field is recorded in docs/decisions/ ("Text the stores cannot hold").

/** A C0 control character other than tab, LF and CR, DEL, or a lone UTF-16 surrogate. */
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export const REPLACEMENT_CHARACTER = '\ufffd';

/** Field names whose value identifies somebody or something: refused, never repaired. */
export const IDENTITY_FIELDS: ReadonlySet<string> = new Set([
  'email',
  'phone',
  'url',
  'website',
  'websiteUrl',
  'id',
  'eventId',
  'visitorId',
  'sessionId',
  'leadId',
  'reportId',
  'auditId',
  'submissionId',
  'formId',
  'password',
]);

/** Keys that JavaScript objects resolve through their prototype. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deeper than any body of ours (an event's props are two levels down). */
export const MAX_BODY_DEPTH = 16;

/** True when `text` holds a lone surrogate or a control character other than tab, LF, CR. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** `text` with each lone surrogate and each refused control character replaced by U+FFFD. */
export function cleanText(text: string): string {
  if (!hasUnstorableText(text)) return text;
  return text.replace(UNSTORABLE_ALL, REPLACEMENT_CHARACTER);
}

export type CleanResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Cleans a parsed JSON body in place (free text repaired, see above) or names the first
 * problem that refuses it. Non-objects pass through: the route's schema judges their shape.
 */
export function cleanClientJson(body: unknown): CleanResult {
  const problem = cleanNode(body, '', 0);
  return problem ? { ok: false, message: problem } : { ok: true, value: body };
}

function cleanNode(node: unknown, field: string, depth: number): string | null {
  if (node === null || typeof node !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`;
  if (Array.isArray(node)) {
    // An array's items are judged by the field that holds the array.
    for (let i = 0; i < node.length; i++) {
      const problem = cleanSlot(node as unknown as Record<number, unknown>, i, field, depth);
      if (problem) return problem;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (PROTOTYPE_KEYS.has(key)) return `The field name "${key}" is not allowed.`;
    if (hasUnstorableText(key)) return 'A field name contains characters that cannot be stored.';
    const problem = cleanSlot(record, key, key, depth);
    if (problem) return problem;
  }
  return null;
}

/** Repairs or refuses the text at container[key], or walks into it. */
function cleanSlot<K extends string | number>(container: Record<K, unknown>, key: K, field: string, depth: number): string | null {
  const value = container[key];
  if (typeof value !== 'string') return cleanNode(value, field, depth + 1);
  const problem = cleanString(value, field);
  if (!problem) container[key] = cleanText(value);
  return problem;
}

function cleanString(value: string, field: string): string | null {
  if (!hasUnstorableText(value)) return null;
  return IDENTITY_FIELDS.has(field)
    ? `${field} contains characters that cannot be stored (a control character or a broken Unicode character).`
    : null;
}

/**
 * JSON cannot carry a raw C0 control character inside a string, so an unstorable character
 * or a prototype key can only arrive as a `\u` escape, a raw DEL or that key: without either in the raw
 * text (nearly every request) the parsed body needs no walk.
 */
const NEEDS_WALK = /\\u|\u007f|__proto__|constructor|prototype/;

/** JSON text from a client, parsed and cleaned; what refuses it is a sentence for a 400. */
export function parseClientJson(raw: string): CleanResult {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'The body must be JSON.' };
  }
  return NEEDS_WALK.test(raw) ? cleanClientJson(body) : { ok: true, value: body };
}
