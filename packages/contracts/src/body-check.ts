// Strict request-body checking with a sentence a visitor understands. The server's default
// validator coerces types (42 becomes "42", ["a"] becomes "a"); public forms must refuse
// wrong types instead, so their routes check bodies with this (as the route's validator).
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import './formats.ts';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function describe(error: ValueError): string {
  const field = error.path.slice(1).replaceAll('/', '.');
  const schema = error.schema as { maxLength?: number; maxProperties?: number; format?: string };
  switch (error.type) {
    case ValueErrorType.ObjectAdditionalProperties:
      return `Unknown field "${field.split('.').pop()}".`;
    case ValueErrorType.ObjectRequiredProperty:
      return `${field} is required.`;
    case ValueErrorType.Object:
      return field ? `${field} must be an object.` : 'The request body must be a JSON object.';
    case ValueErrorType.String:
      return `${field} must be text.`;
    case ValueErrorType.Boolean:
      return `${field} must be true or false.`;
    case ValueErrorType.Number:
    case ValueErrorType.Integer:
      return `${field} must be a number.`;
    case ValueErrorType.StringMaxLength:
      return `${field} is too long (at most ${schema.maxLength} characters).`;
    case ValueErrorType.StringFormat:
      return schema.format === 'uuid' ? `${field} must be a UUID.` : `${field} is not a valid ${schema.format}.`;
    case ValueErrorType.ObjectMaxProperties:
      return `${field} has too many entries (at most ${schema.maxProperties}).`;
    default:
      return `${field || 'The request body'} is not valid.`;
  }
}

/** The first problem of `value` against `schema` as a sentence, or null when it conforms. */
export function bodyProblem(schema: TSchema, value: unknown): string | null {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  return first ? describe(first) : 'The request body is not valid.';
}

/**
 * A Fastify `validatorCompiler` (typed structurally so this package stays framework-free):
 * no coercion, and the error's message is the sentence above.
 */
export function strictValidatorCompiler({ schema }: { schema: unknown }) {
  return (data: unknown) => {
    const problem = bodyProblem(schema as TSchema, data);
    return problem ? { error: Object.assign(new Error(problem), { statusCode: 400 }) } : { value: data };
  };
}
