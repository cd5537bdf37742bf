// A local forward proxy that Chromium (Lighthouse, screenshots) must use: the audited page
// loads subresources, frames and redirects on its own, so every connection the browser
// makes goes through the same address rule as our own fetches.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { createGuardedLookup, ipLiteral } from './address-policy.ts';

export interface GuardedProxy {
  /** http://127.0.0.1:PORT, for --proxy-server. */
  url: string;
  /** Connections refused by the address rule (for tests and logs). */
  refused: string[];
  close(): Promise<void>;
}

const IDLE_MS = 15_000;

export async function startGuardedProxy(allowed: (address: string) => boolean): Promise<GuardedProxy> {
  const lookup = createGuardedLookup(allowed);
  const refused: string[] = [];
  const sockets = new Set<Socket>();

  /** Resolves host to one allowed address (IP literals are checked directly). */
  const resolve = (host: string) =>
    new Promise<{ address: string; family: number }>((ok, fail) => {
      const literal = ipLiteral(host);
      if (literal)
        return allowed(literal)
          ? ok({ address: literal, family: literal.includes(':') ? 6 : 4 })
          : fail(Object.assign(new Error('blocked'), { code: 'EBLOCKED' }));
      lookup(host, { family: 0 }, (err, address, family) => (err ? fail(err) : ok({ address: address as string, family: family ?? 4 })));
    });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Plain-http proxying: the request line carries an absolute URL.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('scheme');
    } catch {
      return void res.writeHead(400).end();
    }
    resolve(target.hostname).then(
      ({ address, family }) => {
        const upstream = httpRequest(
          {
            host: address,
            family,
            port: target.port || 80,
            method: req.method,
            path: `${target.pathname}${target.search}`,
            headers: { ...req.headers, host: target.host },
            timeout: IDLE_MS,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('timeout', () => upstream.destroy());
        upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
        req.pipe(upstream);
      },
      () => {
        refused.push(target.host);
        res.writeHead(403).end();
      },
    );
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    // HTTPS (and WebSocket over TLS): a tunnel to host:port after the address check.
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(req.url ?? '');
    if (!m) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    const [, host, port] = m;
    resolve(host!).then(
      ({ address }) => {
        const upstream = netConnect({ host: address, port: Number(port) }, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.setTimeout(IDLE_MS, () => upstream.destroy());
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
      },
      () => {
        refused.push(`${host}:${port}`);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      },
    );
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}
