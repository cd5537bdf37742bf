// POST /api/voice/metaperson-token: a short-lived access token for the avatar creator
// frame, obtained with the client credentials, which never leave the server.
import { rateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import type { Config } from '@curb/contracts/config';
import { MetapersonTokenResponseSchema } from '@curb/contracts/assistant';
import { HttpError } from '@curb/runtime';

export const METAPERSON_TOKEN_URL = 'https://api.avatarsdk.com/o/token/';
/** Renew this long before the token expires, so the frame never gets a dying one. */
const EXPIRY_MARGIN_S = 120;

export interface MetapersonOptions {
  config: Config;
  tokenUrl?: string;
  fetch?: typeof fetch;
}

export default async function metapersonRoutes(app: RouteApp, opts: MetapersonOptions): Promise<void> {
  const { METAPERSON_CLIENT_ID: clientId, METAPERSON_CLIENT_SECRET: clientSecret } = opts.config;
  const fetchImpl = opts.fetch ?? fetch;
  let cached: { accessToken: string; expiresAt: number } | undefined;
  let pending: Promise<{ accessToken: string; expiresAt: number }> | undefined;

  async function requestToken() {
    let response: Response;
    try {
      response = await fetchImpl(opts.tokenUrl ?? METAPERSON_TOKEN_URL, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      app.log.warn({ err }, 'avatar creator token request failed');
      throw new HttpError(503, 'The avatar creator could not be reached.');
    }
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      app.log.warn({ status: response.status }, 'avatar creator refused the client credentials');
      throw new HttpError(503, 'The avatar creator refused our credentials.');
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { accessToken: body.access_token, expiresAt: Date.now() + Math.max(60, expiresIn - EXPIRY_MARGIN_S) * 1000 };
  }

  app.post(
    '/api/voice/metaperson-token',
    {
      schema: { response: { 200: MetapersonTokenResponseSchema } },
      config: { rateLimit: rateLimit('metapersonToken') },
    },
    async (_request, reply) => {
      if (!clientId || !clientSecret) throw new HttpError(404, 'The avatar creator is not configured.');
      if (!cached || cached.expiresAt <= Date.now()) {
        // Concurrent visitors share one request to the token endpoint.
        pending ??= requestToken().finally(() => (pending = undefined));
        cached = await pending;
      }
      reply.header('cache-control', 'no-store');
      return { accessToken: cached.accessToken, expiresIn: Math.floor((cached.expiresAt - Date.now()) / 1000) };
    },
  );
}
