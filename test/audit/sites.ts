// Small websites served on loopback for audit tests: fixed pages, hostile behaviours.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

export type Route =
  | string
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer }
  | ((req: IncomingMessage, res: ServerResponse, site: TestSite) => void);

export interface TestSite {
  url: string;
  origin: string;
  port: number;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Serves `routes` (exact path match, query ignored) on 127.0.0.1; unknown paths are 404. */
export async function startSite(routes: Record<string, Route>, host = '127.0.0.1'): Promise<TestSite> {
  const hits = new Map<string, number>();
  const site = {} as TestSite;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    if (typeof route === 'function') return route(req, res, site);
    if (typeof route === 'string') {
      res.writeHead(200, {
        'content-type': path.endsWith('.txt') ? 'text/plain' : path.endsWith('.xml') ? 'application/xml' : 'text/html; charset=utf-8',
      });
      res.end(req.method === 'HEAD' ? undefined : route);
      return;
    }
    res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
    res.end(req.method === 'HEAD' ? undefined : route.body);
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  Object.assign(site, {
    url: `http://${host}:${port}/`,
    origin: `http://${host}:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
  return site;
}

/** Handlers for the hostile sites of the audit tests. */
export const hostile = {
  /** Accepts the request and never answers. */
  hang: (): Route => () => {},
  /** Streams `megabytes` of HTML as fast as the client reads. */
  stream:
    (megabytes: number): Route =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const total = megabytes * 1024 * 1024;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('<!doctype html><html><head><title>Big</title></head><body><p>');
      pump();
    },
  /** Redirects /loop-a -> /loop-b -> /loop-a. */
  redirectTo:
    (location: string, status = 302): Route =>
    (_req, res) => {
      res.writeHead(status, { location }).end();
    },
  binary: (): Route => ({
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3, 0, 0, 0]),
  }),
  binaryAsHtml: (): Route => ({
    headers: { 'content-type': 'text/html' },
    body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 0, 1]),
  }),
};

export function page(head: string, body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

/** A server on `host` that resets every connection it accepts (RST, nothing read, nothing sent). */
export async function startResettingServer(host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
  const server = createNetServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on `host` with nothing listening (the system's free port, freed again): connections are refused. */
export async function closedPort(host = '127.0.0.1'): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
