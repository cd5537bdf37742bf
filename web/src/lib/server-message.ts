// apiRequest throws "<status>: <body>" (api-client.ts); the API's body is {"message": "..."}.

/** The API's own message inside an apiRequest error, if the server sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
  } catch {
    return null;
  }
}

/** True when the error is an HTTP answer (as opposed to a network failure). */
export function isHttpError(error: unknown): boolean {
  return error instanceof Error && /^\d{3}: /.test(error.message);
}
