import { Type, type Static } from '@sinclair/typebox';

/** Every error the API answers with: a sentence the UI can show as it is. */
export const ErrorResponseSchema = Type.Object({ message: Type.String() });
export type ErrorResponse = Static<typeof ErrorResponseSchema>;
