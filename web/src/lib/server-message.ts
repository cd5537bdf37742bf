// apiRequest throws "<status>: <body>"; the API's body is {"message": "..."}, with "field"
// beside it when the refusal names the field a form shows.

/** A refusal as a form shows it: the message, and the field it names when it names one. */
export interface FieldProblem {
  message: string;
  field?: string;
}

/** The API's own `{ message, field }` inside an apiRequest error, or null when it sent none. */
function parsedProblem(error: unknown): FieldProblem | null {
  if (!(error instanceof Error)) return null;
  try {
    const parsed = JSON.parse(error.message.replace(/^\d{3}: /, '')) as { message?: unknown; field?: unknown };
    if (typeof parsed.message !== 'string' || !parsed.message) return null;
    return typeof parsed.field === 'string' && parsed.field
      ? { message: parsed.message, field: parsed.field }
      : { message: parsed.message };
  } catch {
    return null;
  }
}

/** The API's own message inside an apiRequest error, if the server sent one. */
export function serverMessage(error: unknown): string | null {
  return parsedProblem(error)?.message ?? null;
}

/** The server's refusal with the field it names; `fallback` when it sent no message (a network failure). */
export function serverProblem(error: unknown, fallback = 'Please try again.'): FieldProblem {
  return parsedProblem(error) ?? { message: fallback };
}

/** True when the error is an HTTP answer (as opposed to a network failure). */
export function isHttpError(error: unknown): boolean {
  return error instanceof Error && /^\d{3}: /.test(error.message);
}
