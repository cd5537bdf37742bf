// What every stats query reads from the owner's settings: their time zone (through the api's
// settings cache, so a query costs no PostgreSQL read) and their goals.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TIME_ZONE } from '@curb/contracts/stats';
import { isTimeZone } from '@curb/analytics/stats/index';
import { formDefinitions } from '@curb/content/forms';
import { statsAccess } from '@curb/db';
import type { Stores } from '@curb/runtime';

/** The forms whose submit is an audit request (the Audit request conversion). */
const AUDIT_FORMS = Object.values(formDefinitions)
  .filter((f) => f.requestsAudit)
  .map((f) => f.id);

/** Without `stores`, only the time zone and the audit forms (goals left out). */
export function statsContextSource(app: Pick<FastifyInstance, 'siteSettings'>, stores?: Stores) {
  return async () => {
    const [traffic, goals] = await Promise.all([app.siteSettings.get('traffic'), stores ? statsAccess.listGoals(stores.sql) : []]);
    const zone = traffic.time_zone;
    return {
      timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
      goals: goals.map(({ name, kind, match }) => ({ name, kind, match })),
      auditForms: AUDIT_FORMS,
    };
  };
}
