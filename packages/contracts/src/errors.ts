import { Type, type Static } from '@sinclair/typebox';

/** Every error the API answers with: a sentence the UI can show as it is. */
export const ErrorResponseSchema = Type.Object({ message: Type.String() });
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/**
 * A refusal that also names the field refused, as the form shows it (the funnel editor's
 * `config.popup.delaySeconds`); `field` is absent when no one field is at fault.
 */
export const FieldErrorResponseSchema = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });
export type FieldErrorResponse = Static<typeof FieldErrorResponseSchema>;
