// The running product's control socket, DATA_DIR/control.sock: how `pnpm backup` asks a running
// product for its archive (chDB lets one process open its data, so only the product itself can read
// it). A Unix socket rather than an HTTP route: only the product's own user (mode 0600) can reach
// it, never the network nor a proxy on the same machine. One JSON request a connection; the answer
// is progress lines, then the outcome.
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { BackupResult, Log } from './backup.ts';

export const CONTROL_SOCKET = 'control.sock';
/** Longest Unix socket path Linux takes (sun_path is 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

export interface ControlHandlers {
  backup(out: string, log: Log): Promise<BackupResult>;
}

type Request = { op: 'backup'; out: string };
type Reply = { line: string } | { ok: true; result: BackupResult } | { ok: false; error: string };

export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), CONTROL_SOCKET);

function send(socket: Socket, reply: Reply): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
}

/** Listens on DATA_DIR/control.sock (the caller holds DATA_DIR's lock); answers how to close it. */
export async function serveControl(dataDir: string, handlers: ControlHandlers, warn: Log): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    warn(`${path} is too long for a Unix socket: \`pnpm backup\` cannot reach this running product (the worker's BACKUP_DIR still can).`);
    return async () => {};
  }
  await rm(path, { force: true }); // left by a process that died: the lock is ours now
  const server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (text: string) => {
      buffered += text;
      const end = buffered.indexOf('\n');
      if (end === -1) {
        if (buffered.length > 64 * 1024) socket.destroy();
        return;
      }
      socket.pause();
      let request: Request;
      try {
        request = JSON.parse(buffered.slice(0, end)) as Request;
      } catch {
        send(socket, { ok: false, error: 'unreadable request' });
        socket.end();
        return;
      }
      if (request?.op !== 'backup' || typeof request.out !== 'string' || !request.out.startsWith('/')) {
        send(socket, { ok: false, error: 'unknown request' });
        socket.end();
        return;
      }
      handlers
        .backup(request.out, (line) => send(socket, { line }))
        .then(
          (result) => send(socket, { ok: true, result }),
          (err: unknown) => send(socket, { ok: false, error: err instanceof Error ? err.message : String(err) }),
        )
        .finally(() => socket.end());
    });
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      ready();
    });
  });
  await chmod(path, 0o600);
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(path, { force: true });
  };
}

/**
 * Asks the product running on `dataDir` for a backup to `out`, passing its progress lines to
 * `log`; null when no product answers there (none runs, or it was stopped).
 */
export function askForBackup(dataDir: string, out: string, log: Log): Promise<BackupResult | null> {
  return new Promise((resolveResult, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let buffered = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify({ op: 'backup', out } satisfies Request)}\n`));
    socket.on('data', (text: string) => {
      buffered += text;
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const reply = JSON.parse(buffered.slice(0, end)) as Reply;
        buffered = buffered.slice(end + 1);
        if ('line' in reply) log(reply.line);
        else if (reply.ok) settle(() => resolveResult(reply.result));
        else settle(() => reject(new Error(reply.error)));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') settle(() => resolveResult(null));
      else settle(() => reject(err));
    });
    socket.on('close', () => settle(() => reject(new Error('the running product closed the control socket without an answer'))));
  });
}
