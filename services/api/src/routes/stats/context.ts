// What every stats query reads from the owner's settings: their time zone (through the api's
// settings cache, so a query costs no PostgreSQL read) and their goals.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TIME_ZONE } from '@curb/contracts/stats';
import { isTimeZone } from '@curb/analytics/stats/index';

export function statsContextSource(app: Pick<FastifyInstance, 'siteSettings'>) {
  return async () => {
    const zone = (await app.siteSettings.get('traffic')).time_zone;
    return { timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE, goals: [] };
  };
}
