import { createServer } from 'node:net';

/**
 * A TCP port on loopback that nothing listens on right now, and none of `taken`: the port a
 * server was told to use but has not bound yet is free too, and the system may hand it out.
 */
export async function freePort(taken: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!taken.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolvePort, fail) => {
    const server = createServer();
    server.unref();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
