// What one client may hold open. A connection that sends its headers or body slowly (or
// never) costs a file descriptor until something closes it; without limits, ~20,000 of them
// exhausted this machine's descriptors and the spool could no longer open its segments.
import type { Server } from 'node:http';

/**
 * Fastify's own timeouts: the whole request, headers and body, must arrive within
 * REQUEST_TIMEOUT_MS (30 s by default; recordings are at most 10 MB); an idle socket is
 * closed after twice that, an idle keep-alive connection after 10 s.
 */
export function serverTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 2 * requestTimeoutMs,
    keepAliveTimeout: Math.min(10_000, requestTimeoutMs),
  };
}

/** The request headers must arrive within this (Node's default is 60 s), or half the request timeout. */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Open connections in all: far below the 20,000 descriptors a process has here, leaving room
 * for the spool, PostgreSQL, chDB and Chromium.
 */
export const MAX_CONNECTIONS = 4096;

/** Open connections from one address (a browser opens about six per site). */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * Applies the caps to the listening server. The per-address cap counts socket addresses, so
 * it is off behind a trusted proxy, where every connection comes from the proxy.
 */
export function limitConnections(server: Server, options: { perAddress: boolean; requestTimeoutMs: number }): void {
  // Node only enforces the request timeout while the headers timeout is the shorter one.
  server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, Math.floor(options.requestTimeoutMs / 2));
  server.maxConnections = MAX_CONNECTIONS;
  if (!options.perAddress) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
