// The owner's API tokens for POST /api/stats: 32 random bytes, shown once; only their SHA-256
// is stored (a token is too long to guess, so a slow hash buys nothing).
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'curb_';
/** Characters of a token listed beside its name, to tell tokens apart. */
const SHOWN = 12;

export const hashToken = (token: string) => createHash('sha256').update(token).digest();

export function newToken(): { token: string; hash: Buffer; prefix: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, SHOWN) };
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1];
}
