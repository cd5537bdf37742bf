// HTTP helpers for the benches that act as many clients: a request from a chosen loopback
// source address (each its own keep-alive agent) that never throws, and a tally of statuses.
import http from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

const agents = new Map<string, http.Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 256 })));
  return agent;
};

/** Closes every agent's idle sockets (at the end of a bench). */
export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/**
 * `method path` on `base` from loopback address `from`; status 0 when the connection failed or
 * `timeoutMs` passed. A string or Buffer body is sent as is, anything else as JSON.
 */
export function send(
  base: string,
  method: string,
  path: string,
  from: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: agentFor(from),
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), 'user-agent': 'Mozilla/5.0 Chrome/156 bench', ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '', headers: {} }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '', headers: {} }));
    req.on('timeout', () => req.destroy());
    req.end(payload);
  });
}

/** "3×201 2×503": how many answers had each status, lowest status first (0: no answer). */
export function tally(statuses: Iterable<number>): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, c]) => `${c}×${s}`)
    .join(' ');
}
