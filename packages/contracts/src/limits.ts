// Requests one client address may send a route in a minute: the one table every rate-limited
// route reads (Fastify's rate limit, keyed on the client address the trusted proxies give).
// What a request costs decides its row: a PDF render or an advanced audit costs far more than
// reading a report.

/** The window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;

export const RATE_LIMITS = {
  /** POST /api/login (the throttle after wrong passwords comes on top: auth plugin). */
  login: 10,
  /** POST /api/lead, /api/contact and /api/marketing-audit, each. */
  forms: 10,
  /** GET /api/audit-report/:id: the report page polls while the audit runs. */
  reportView: 120,
  /** GET /api/audit-report/:id/pdf: a render when not cached. */
  reportPdf: 10,
  /** GET /api/email/open/:token: mail clients fetch the pixel more than once. */
  emailOpen: 300,
  /** POST /api/quick-company-lookup: fetches the site and may take a screenshot. */
  quickLookup: 30,
  /** POST /api/advanced-seo-audit: a crawl of up to 20 pages and a lab run. */
  advancedAudit: 6,
  /** POST /api/chat. */
  chat: 30,
  /** POST /api/text-to-speech: a speech synthesiser run. */
  textToSpeech: 30,
  /** POST /api/speech-to-text: a decoder and a recogniser run. */
  speechToText: 20,
  /** POST /api/voice/metaperson-token: a call to the avatar creator's API. */
  metapersonToken: 10,
  /** GET and POST /api/unsubscribe/:token, each: a person clicks once, a mail client posts once. */
  unsubscribe: 30,
} as const;

export type RateLimited = keyof typeof RATE_LIMITS;

/** The route option for `name`'s limit: `config: { rateLimit: rateLimit('chat') }`. */
export const rateLimit = (name: RateLimited) => ({ max: RATE_LIMITS[name], timeWindow: RATE_WINDOW_MS });

/**
 * Costly work a visitor can start, done in a bounded line (runtime's WorkQueue): jobs running at
 * once, jobs waiting behind them (one more is answered 503 with Retry-After after
 * `retryAfterSeconds`), and, where set, jobs one client address may have running or waiting
 * (one more is answered 429), so one client cannot fill the line.
 */
export const WORK_QUEUE_LIMITS = {
  /** Report PDF renders that are not cached. */
  reportPdf: { concurrency: 2, maxWaiting: 16, retryAfterSeconds: 5 },
  /** Quick lookups of a new site: a fetch and a screenshot each. */
  quickLookup: { concurrency: 2, maxWaiting: 8, retryAfterSeconds: 10 },
  /** Advanced audits: a crawl of up to 20 pages and a browser test each. */
  advancedAudit: { concurrency: 2, maxWaiting: 4, retryAfterSeconds: 60, perClient: 2 },
} as const satisfies Record<string, { concurrency: number; maxWaiting: number; retryAfterSeconds: number; perClient?: number }>;
