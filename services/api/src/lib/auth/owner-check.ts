// Whether a request comes from the signed-in owner, read from its session cookie the way the
// session plugin reads it (the same signing key, the same session rows, the same age rule),
// for a route outside the api's plugin: the collector's `/api/events/metrics`, which the
// launcher composes beside the api.
import type { IncomingHttpHeaders } from 'node:http';
import cookie, { signerFactory } from '@fastify/cookie';
import type { Config } from '@curb/contracts/config';
import { sessions, type Sql } from '@curb/db';
import { SESSION_COOKIE, signedIn } from '../../plugins/auth.ts';
import { loadSessionSecret } from './session-secret.ts';

export type OwnerCheck = (request: { headers: IncomingHttpHeaders }) => Promise<boolean>;

export function ownerCheck(config: Pick<Config, 'DATA_DIR' | 'SESSION_SECRET'>, sql: Sql): OwnerCheck {
  const signer = signerFactory(loadSessionSecret(config.DATA_DIR, config.SESSION_SECRET));
  return async ({ headers }) => {
    const value = headers.cookie ? cookie.parse(headers.cookie)[SESSION_COOKIE] : undefined;
    if (!value) return false;
    const unsigned = signer.unsign(value);
    if (!unsigned.valid || !unsigned.value) return false;
    return signedIn(await sessions.findLive<{ userId?: string; signedInAt?: number }>(sql, unsigned.value));
  };
}
