// The one check of a request against its route's schema, for every route of every service
// (runtime's server sets it as the validator): the first problem as a sentence a person
// understands, naming the field. A JSON body is taken as sent: a wrong type is refused, never
// coerced (42 does not become "42", ["a"] does not become "a"), and nothing is filled in. A
// query string or path is text by nature, so its values are first read as the numbers and
// booleans the schema asks for, and the schema's defaults fill what is absent.
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import './formats.ts';

export interface RequestProblem {
  message: string;
  /** The field at fault, as a path (`websiteData.phone`); absent for the whole body. */
  field?: string;
}

/** The parts of a request a route's schema may check. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

interface Limits {
  maxLength?: number;
  minLength?: number;
  maxProperties?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  anyOf?: Array<{ const?: unknown }>;
}

/** The string formats the schemas use (formats.ts), as a person names them. */
const FORMAT_NAMES: Record<string, string> = {
  uuid: 'a UUID',
  email: 'an e-mail address',
  'date-time': 'a date and time',
  uri: 'a web address',
};

/** The values a union of literals allows, e.g. "first, last or linear"; null for any other union. */
function choices(schema: Limits): string | null {
  const values = schema.anyOf?.map((option) => option.const);
  if (!values?.length || values.some((v) => typeof v !== 'string' && typeof v !== 'number')) return null;
  return values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * What a field should look like, said after its name ("should be a date as YYYY-MM-DD"), for a
 * value of the right type that breaks the field's rule (its pattern, format or range).
 */
export type FieldHint = (field: string, type: ValueErrorType) => string | undefined;

/** Problems every field states the same way, whatever hint it has. */
const PLAIN = new Set([
  ValueErrorType.ObjectAdditionalProperties,
  ValueErrorType.ObjectRequiredProperty,
  ValueErrorType.StringMaxLength,
  ValueErrorType.ArrayMaxItems,
  ValueErrorType.ObjectMaxProperties,
]);

function describe(error: ValueError, hint?: FieldHint): RequestProblem {
  const field = error.path.slice(1).replaceAll('/', '.');
  const schema = error.schema as Limits;
  const named = (message: string): RequestProblem => ({ message: `${field} ${message}.`, field });
  const hinted = field && !PLAIN.has(error.type) && !(error.type === ValueErrorType.StringMinLength && schema.minLength === 1);
  const said = hinted ? hint?.(field, error.type) : undefined;
  if (said) return named(said);
  switch (error.type) {
    case ValueErrorType.ObjectAdditionalProperties:
      return { message: `Unknown field "${field.split('.').pop()}".`, field };
    case ValueErrorType.ObjectRequiredProperty:
      return named('is required');
    case ValueErrorType.Object:
      return field ? named('must be an object') : { message: 'The request body must be a JSON object.' };
    case ValueErrorType.String:
      return named('must be text');
    case ValueErrorType.Boolean:
      return named('must be true or false');
    case ValueErrorType.Number:
      return named('must be a number');
    case ValueErrorType.Integer:
      return named('must be a whole number');
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return named(`must be at least ${schema.minimum}`);
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return named(`must be at most ${schema.maximum}`);
    case ValueErrorType.StringMaxLength:
      return named(`is too long (at most ${schema.maxLength} characters)`);
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? named('is required') : named(`is too short (at least ${schema.minLength} characters)`);
    case ValueErrorType.StringFormat:
      return named(`must be ${FORMAT_NAMES[schema.format ?? ''] ?? `in ${schema.format} form`}`);
    case ValueErrorType.ObjectMaxProperties:
      return named(`has too many entries (at most ${schema.maxProperties})`);
    case ValueErrorType.Array:
      return named('must be a list');
    case ValueErrorType.ArrayMinItems:
      return schema.minItems === 1 ? named('must not be empty') : named(`has too few entries (at least ${schema.minItems})`);
    case ValueErrorType.ArrayMaxItems:
      return named(`has too many entries (at most ${schema.maxItems})`);
    case ValueErrorType.Union: {
      const allowed = choices(schema);
      if (allowed) return named(`must be ${allowed}`);
      break;
    }
  }
  return field ? named('is not valid') : { message: 'The request body is not valid.' };
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/** The first problem of `value` against `schema`, or null when it conforms. */
export function requestProblem(schema: TSchema, value: unknown, hint?: FieldHint): RequestProblem | null {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  return first ? describe(first, hint) : { message: 'The request body is not valid.' };
}

// A number as written in a URL: digits, a fraction, an exponent; never "Infinity", "0x1f" or "".
const NUMERAL = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A URL value read as the schema's number or boolean; anything else stays text for the check to refuse. */
function fromText(schema: { type?: unknown } | undefined, value: unknown): unknown {
  if (typeof value !== 'string' || !schema) return value;
  if ((schema.type === 'integer' || schema.type === 'number') && NUMERAL.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * A request part as its route reads it: the body as sent; a query string, path or headers
 * with their text read as the schema's numbers and booleans, and its defaults filled in.
 */
export function requestValue(part: RequestPart, schema: TSchema, value: unknown): unknown {
  if (part === 'body' || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = (schema as { properties?: Record<string, { type?: unknown; default?: unknown }> }).properties ?? {};
  const read: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) if (property.default !== undefined) read[key] = property.default;
  for (const [key, item] of Object.entries(value)) read[key] = fromText(properties[key], item);
  return read;
}
