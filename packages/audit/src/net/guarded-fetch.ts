// HTTP(S) fetching for audits: only http and https, every hop's address checked (DNS is
// resolved here and the checked address is the one connected to, so a second answer cannot
// swap it), at most 5 redirects, a deadline, a byte cap and a content-type check.
import { lookup as dnsLookup } from 'node:dns/promises';
import { TLSSocket, type PeerCertificate } from 'node:tls';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, buildConnector, request } from 'undici';
import { createGuardedLookup, ipLiteral, isPublicAddress } from './address-policy.ts';

export interface FetchPolicy {
  /** Tests and local development only: lets the audit reach loopback and private addresses. */
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Replaces the address rule (tests use it to allow one loopback address and refuse another). */
  isAllowedAddress?: (address: string) => boolean;
}

export const DEFAULT_POLICY: FetchPolicy = { allowPrivateNetworks: false, timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

export const USER_AGENT = 'Mozilla/5.0 (compatible; CurbAppealAudit/1.0; +https://curbappeal.example/audit)';

export type FetchErrorCode =
  | 'invalid-url'
  | 'blocked-address'
  | 'dns'
  | 'dns-temporary'
  | 'timeout'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'connection'
  | 'tls';

/** A fetch that produced no response; `message` is a sentence for the site owner. */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface TlsFacts {
  protocol: string | null;
  cipher: string | null;
  /** The certificate chains to a trusted root and matches the host name. */
  authorized: boolean;
  authorizationError: string | null;
  issuer: string | null;
  subject: string | null;
  validFrom: string | null;
  validTo: string | null;
}

export interface FetchedResponse {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  chain: RedirectHop[];
  /** Lower-case header names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  contentType: string;
  /** Decoded body; null for HEAD, a refused content type or an error status body skipped. */
  body: Buffer | null;
  /** Bytes on the wire (before decompression), counted up to the cap. */
  transferBytes: number;
  /** The cap was reached: the body is the first maxBytes only. */
  truncated: boolean;
  /** Content type did not match what the caller accepts: the body was not read. */
  refusedContentType: boolean;
  ttfbMs: number;
  totalMs: number;
  tls: TlsFacts | null;
}

export interface FetchOptions {
  method?: 'GET' | 'HEAD';
  /** Media types (prefixes) whose body is read; others are not downloaded. Empty: any. */
  accept?: string[];
  followRedirects?: boolean;
  headers?: Record<string, string>;
  /** GET without reading the body (servers that refuse HEAD). */
  discardBody?: boolean;
  /** Overrides the policy deadline for this request (never longer). */
  timeoutMs?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One fetcher per audit: it owns a connection pool (closed with `close()`) and remembers the
 * TLS facts of each host it connected to.
 */
export class GuardedFetcher {
  readonly policy: FetchPolicy;
  private readonly agent: Agent;
  private readonly tlsByHost = new Map<string, TlsFacts>();

  constructor(policy: Partial<FetchPolicy> = {}) {
    this.policy = { ...DEFAULT_POLICY, ...policy };
    const allowed = addressRule(this.policy);
    const guardedLookup = createGuardedLookup(allowed);
    const connect = buildConnector({ lookup: guardedLookup, rejectUnauthorized: false, timeout: this.policy.timeoutMs });
    this.agent = new Agent({
      connections: 6,
      headersTimeout: this.policy.timeoutMs,
      bodyTimeout: this.policy.timeoutMs,
      maxResponseSize: -1,
      connect: (opts, callback) =>
        connect(opts, (err, socket) => {
          if (!err && socket instanceof TLSSocket) this.tlsByHost.set(opts.hostname, tlsFacts(socket));
          callback(err as Error, socket as never);
        }),
    });
  }

  async fetch(rawUrl: string, options: FetchOptions = {}): Promise<FetchedResponse> {
    const started = performance.now();
    const timeoutMs = Math.max(1, Math.round(Math.min(options.timeoutMs ?? this.policy.timeoutMs, this.policy.timeoutMs)));
    const deadline = AbortSignal.timeout(timeoutMs);
    const chain: RedirectHop[] = [];
    const seen = new Set<string>();
    let url = checkUrl(rawUrl, addressRule(this.policy));
    for (;;) {
      seen.add(url.href);
      const res = await this.send(url, options, deadline, timeoutMs);
      const location = res.headers.location;
      if (options.followRedirects !== false && REDIRECT_STATUSES.has(res.status) && location) {
        res.drain();
        const next = resolveLocation(location, url);
        chain.push({ url: url.href, status: res.status, location: next?.href ?? location });
        if (!next)
          throw new FetchError('invalid-url', `The site redirects to an address that is not a web page (${truncate(location, 80)}).`);
        if (seen.has(next.href))
          throw new FetchError(
            'redirect-loop',
            `The site redirects in a loop (${chain.length} redirects back to ${truncate(next.href, 80)}).`,
          );
        if (chain.length > this.policy.maxRedirects)
          throw new FetchError('too-many-redirects', `The site redirects more than ${this.policy.maxRedirects} times.`);
        url = checkUrl(next.href, addressRule(this.policy));
        continue;
      }
      const body = await res.read(this.policy.maxBytes, options);
      return {
        requestedUrl: rawUrl,
        finalUrl: url.href,
        status: res.status,
        chain,
        headers: res.headers,
        contentType: (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        ...body,
        ttfbMs: Math.round(res.ttfbAt - started),
        totalMs: Math.round(performance.now() - started),
        tls: url.protocol === 'https:' ? (this.tlsByHost.get(url.hostname.replace(/^\[|\]$/g, '')) ?? null) : null,
      };
    }
  }

  tlsFor(hostname: string): TlsFacts | null {
    return this.tlsByHost.get(hostname) ?? null;
  }

  async close(): Promise<void> {
    await this.agent.destroy().catch(() => {});
  }

  private async send(url: URL, options: FetchOptions, signal: AbortSignal, timeoutMs: number) {
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method: options.method ?? 'GET',
        dispatcher: this.agent,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-US,en;q=0.9',
          ...options.headers,
        },
      });
    } catch (err) {
      throw toFetchError(err, url, signal, timeoutMs);
    }
    const ttfbAt = performance.now();
    // Destroying an unread body emits an abort error; it is expected, not a failure.
    res.body.on('error', () => {});
    const headers = flattenHeaders(res.headers);
    return {
      status: res.statusCode,
      headers,
      ttfbAt,
      drain: () => res.body.destroy(),
      async read(maxBytes: number, opts: FetchOptions) {
        const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const accept = opts.accept ?? [];
        // No content type at all is judged by the body (a missing header is common on small sites).
        const refusedContentType = accept.length > 0 && contentType !== '' && !accept.some((a) => contentType.startsWith(a));
        if (opts.method === 'HEAD' || opts.discardBody || refusedContentType) {
          res.body.destroy();
          const length = Number(headers['content-length']);
          return { body: null, transferBytes: Number.isFinite(length) ? length : 0, truncated: false, refusedContentType };
        }
        const chunks: Buffer[] = [];
        let transferBytes = 0;
        let truncated = false;
        try {
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            const room = maxBytes - transferBytes;
            if (chunk.length >= room) {
              chunks.push(chunk.subarray(0, room));
              transferBytes = maxBytes;
              truncated = true;
              break;
            }
            chunks.push(chunk);
            transferBytes += chunk.length;
          }
        } catch (err) {
          // A body cut short by the deadline still gives what arrived; the page is marked.
          if (!chunks.length) throw toFetchError(err, url, signal, timeoutMs);
          truncated = true;
        } finally {
          res.body.destroy();
        }
        const decoded = await decode(Buffer.concat(chunks), headers['content-encoding'], maxBytes);
        return { body: decoded.body, transferBytes, truncated: truncated || decoded.overflow, refusedContentType };
      },
    };
  }
}

export function addressRule(policy: FetchPolicy): (address: string) => boolean {
  return policy.isAllowedAddress ?? (policy.allowPrivateNetworks ? () => true : isPublicAddress);
}

function checkUrl(raw: string, allowed: (address: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('invalid-url', 'Please enter a valid website URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('invalid-url', 'Only http and https websites can be audited.');
  if (url.username || url.password)
    throw new FetchError('invalid-url', 'Website addresses with a user name or password cannot be audited.');
  const literal = ipLiteral(url.hostname);
  if (literal && !allowed(literal)) {
    throw new FetchError('blocked-address', 'This address points to a private or reserved network and cannot be audited.');
  }
  url.hash = '';
  return url;
}

/** A lookup that takes longer than this counts as a temporary DNS failure. */
const TARGET_LOOKUP_MS = 5000;

/**
 * The address checks of a fetch, run before anything costly (a slot, Chromium, a job): the
 * URL's shape, then every address its host resolves to. Throws the FetchError the fetch would
 * have thrown; the fetch itself checks again at connect time, so a host that resolves
 * differently later (DNS rebinding) is still refused.
 */
export async function checkTarget(
  raw: string,
  policy: Partial<Pick<FetchPolicy, 'allowPrivateNetworks' | 'isAllowedAddress'>>,
): Promise<URL> {
  const allowed = addressRule({ ...DEFAULT_POLICY, ...policy });
  const url = checkUrl(raw.includes('://') ? raw : `https://${raw}`, allowed);
  if (ipLiteral(url.hostname)) return url;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'EAI_AGAIN' })), TARGET_LOOKUP_MS);
  });
  try {
    const addresses = await Promise.race([dnsLookup(url.hostname, { all: true }), timeout]);
    if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) {
      throw Object.assign(new Error(`${url.hostname} resolves to a private address`), {
        code: addresses.length ? 'EBLOCKED' : 'ENOTFOUND',
      });
    }
    return url;
  } catch (err) {
    throw toFetchError(err, url, new AbortController().signal, TARGET_LOOKUP_MS);
  } finally {
    clearTimeout(timer);
  }
}

function resolveLocation(location: string, base: URL): URL | null {
  try {
    const next = new URL(location, base);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : null;
  } catch {
    return null;
  }
}

function toFetchError(err: unknown, url: URL, signal: AbortSignal, timeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code ?? '';
  const host = url.hostname;
  if (
    signal.aborted ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    e.name === 'TimeoutError'
  ) {
    return new FetchError('timeout', `${host} did not respond within ${Math.round(timeoutMs / 1000)} seconds.`);
  }
  if (code === 'EBLOCKED')
    return new FetchError('blocked-address', `${host} points to a private or reserved network and cannot be audited.`);
  if (code === 'ENOTFOUND' || code === 'ENODATA') return new FetchError('dns', `The domain ${host} could not be found.`);
  if (code === 'EAI_AGAIN') return new FetchError('dns-temporary', `The domain ${host} could not be looked up right now.`);
  if (code === 'ECONNREFUSED') return new FetchError('connection', `${host} refused the connection.`);
  if (code === 'ECONNRESET' || code === 'EPIPE') return new FetchError('connection', `${host} reset the connection.`);
  if (code === 'UND_ERR_SOCKET') return new FetchError('connection', `${host} closed the connection without answering.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN')
    return new FetchError('connection', `${host} could not be reached (no route to its server).`);
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /SSL|TLS/i.test(e.message ?? ''))
    return new FetchError('tls', `A secure connection to ${host} could not be established.`);
  return new FetchError('connection', `${host} could not be reached (${code || e.message || 'connection failed'}).`);
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    out[key] = Array.isArray(value) ? value.join(key === 'set-cookie' ? '\n' : ', ') : value;
  }
  return out;
}

/** Decompresses within the byte cap (a small gzip can expand enormously); keeps what fits. */
async function decode(raw: Buffer, encoding: string | undefined, maxBytes: number): Promise<{ body: Buffer; overflow: boolean }> {
  const enc = (encoding ?? '').trim().toLowerCase();
  const stream =
    enc === 'gzip' || enc === 'x-gzip'
      ? createGunzip({ finishFlush: zlib.Z_SYNC_FLUSH })
      : enc === 'br'
        ? createBrotliDecompress({ finishFlush: zlib.BROTLI_OPERATION_FLUSH })
        : enc === 'deflate'
          ? createInflate({ finishFlush: zlib.Z_SYNC_FLUSH })
          : null;
  if (!stream) return { body: raw, overflow: false };
  const out: Buffer[] = [];
  let size = 0;
  let overflow = false;
  await new Promise<void>((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      if (overflow) return;
      if (size + chunk.length > maxBytes) {
        out.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        overflow = true;
        stream.destroy();
        return resolve();
      }
      out.push(chunk);
      size += chunk.length;
    });
    stream.once('end', resolve);
    stream.once('error', () => resolve());
    stream.once('close', resolve);
    stream.end(raw);
  });
  return { body: Buffer.concat(out), overflow };
}

function tlsFacts(socket: TLSSocket): TlsFacts {
  const cert: PeerCertificate | null = (() => {
    const c = socket.getPeerCertificate();
    return c && Object.keys(c).length ? c : null;
  })();
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
  const name = (x: PeerCertificate['issuer'] | undefined) => (x ? (first(x.O) ?? first(x.CN)) : null);
  return {
    protocol: socket.getProtocol() ?? null,
    cipher: socket.getCipher()?.name ?? null,
    authorized: socket.authorized,
    authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
    issuer: cert ? name(cert.issuer) : null,
    subject: first(cert?.subject?.CN),
    validFrom: cert?.valid_from ?? null,
    validTo: cert?.valid_to ?? null,
  };
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
