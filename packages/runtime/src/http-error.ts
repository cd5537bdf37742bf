// The one error a route or hook throws to answer a client error: the server's error handler
// (server.ts) sends its status and message as they are, as `{ message }`, with Retry-After when
// it names one. Routes throw it rather than building replies, so every 4xx has one shape.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After (a 429 or 503 the client may try again after). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
