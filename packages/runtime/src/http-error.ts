// The one error a route or hook throws to answer a client error: the server's error handler
// (server.ts) sends its status and message as they are, as `{ message }` (`{ message, field }`
// when it names the field a form shows), with Retry-After when it names one. Routes throw it
// rather than building replies, so every 4xx has one shape.
export interface HttpErrorOptions {
  /** Sent as Retry-After (a 429 or 503 the client may try again after). */
  retryAfterSeconds?: number;
  /**
   * The field refused, as the form that sent it names it (the funnel editor's `config.popup.delaySeconds`).
   * Sent as `field` beside the message where the route's response schema carries one.
   */
  field?: string;
}

export class HttpError extends Error {
  // Set only when given (`declare`: no own property otherwise).
  declare readonly retryAfterSeconds?: number;
  declare readonly field?: string;

  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.field !== undefined) this.field = options.field;
  }
}
