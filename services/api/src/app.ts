// The api service as one Fastify plugin: public API, admin API and the web app. The
// launcher composes it with the collector and worker; server.ts runs it alone.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import webApp from './plugins/web-app.ts';

export interface ApiOptions {
  config: Config;
  stores: Stores;
}

export default async function api(app: FastifyInstance, opts: ApiOptions): Promise<void> {
  await app.register(webApp, { dist: opts.config.WEB_DIST });
}
