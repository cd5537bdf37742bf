// The key that signs session cookies: SESSION_SECRET when set, otherwise one generated at
// first start and kept in DATA_DIR, so sessions survive a restart without configuration.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SESSION_SECRET_FILE = 'session-secret';

export function loadSessionSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SESSION_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  // Written aside then linked into place: linking fails if another process won the race,
  // and nobody ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(draft);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} holds no usable session secret: delete it to generate a new one.`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text.length >= 32 ? text : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
