export { createSql, pingPostgres, type Db, type Sql, type Tx } from './client.ts';
export { migratePostgres, loadMigrations, type Migration } from './migrate.ts';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
export { jobDbIn, startJobQueue, stopJobQueue, type JobQueue } from './jobs.ts';
// The PostgreSQL statements of each business record, one module per aggregate: services call
// `audits.markReady(tx, id, report)` and keep only their transactions and rules.
export * as abTests from './repositories/ab-tests.ts';
export * as adminUsers from './repositories/admin-users.ts';
export * as auditList from './repositories/audit-list.ts';
export * as auditMail from './repositories/audit-mail.ts';
export * as auditQueue from './repositories/audit-queue.ts';
export * as audits from './repositories/audits.ts';
export * as businessRecords from './repositories/business-records.ts';
export * as contactMessages from './repositories/contact-messages.ts';
export * as erasures from './repositories/erasures.ts';
export * as eventOutbox from './repositories/event-outbox.ts';
export * as funnelLeads from './repositories/funnel-leads.ts';
export * as funnels from './repositories/funnels.ts';
export * as ingestQuarantine from './repositories/ingest-quarantine.ts';
export * as leadAttribution from './repositories/lead-attribution.ts';
export * as leadMail from './repositories/lead-mail.ts';
export * as leads from './repositories/leads.ts';
export * as loginThrottle from './repositories/login-throttle.ts';
export * as personalData from './repositories/personal-data.ts';
export * as sessions from './repositories/sessions.ts';
export * as settings from './repositories/settings.ts';
export * as trafficFunnels from './repositories/traffic-funnels.ts';
export * as weeklyTrafficMail from './repositories/weekly-traffic-mail.ts';
export * as visitorSalts from './repositories/visitor-salts.ts';
