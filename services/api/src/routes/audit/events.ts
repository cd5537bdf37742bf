// Report views and e-mail opens as tracking events (beside the flags on the audit row), so
// the retargeting funnel sees the email_open step. They go to ClickHouse through the event
// outbox in PostgreSQL (a collector moves them), so none is lost while ClickHouse is down.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { clickhouseTime, pageGroup, type EventRow } from '@curb/analytics/event-row';
import { eventOutbox, type Sql } from '@curb/db';

export type AuditEventName = 'email_open' | 'report_view';

/** The lead is identified by e-mail: the same visitor id for every event of that address. */
function visitorOf(email: string): string {
  return BigInt(`0x${createHash('sha256').update(`email:${email.toLowerCase()}`).digest('hex').slice(0, 16)}`).toString();
}

export function auditEventRow(name: AuditEventName, audit: { id: string; email: string; reportId: string }, now = Date.now()): EventRow {
  const path = `/audit-report/${audit.reportId}`;
  return {
    event_id: randomUUID(),
    ts: clickhouseTime(now),
    received_at: clickhouseTime(now),
    name,
    visitor_id: visitorOf(audit.email),
    session_id: '',
    email: audit.email.toLowerCase(),
    path,
    page_group: pageGroup(path),
    referrer: '',
    referrer_domain: '',
    utm_source: name === 'email_open' ? 'email' : '',
    utm_medium: name === 'email_open' ? 'email' : '',
    utm_campaign: name === 'email_open' ? 'audit-report' : '',
    utm_content: '',
    utm_term: '',
    test_type: '',
    variant: '',
    value: 0,
    currency: '',
    props: { reportId: audit.reportId, auditId: audit.id },
    is_bot: 0,
    browser: '',
    device: '',
  };
}

/** Appends the event to the outbox; tracking never fails the request that caused it. */
export async function appendAuditEvent(
  sql: Sql,
  log: FastifyBaseLogger,
  name: AuditEventName,
  audit: { id: string; email: string; reportId: string },
): Promise<void> {
  try {
    await eventOutbox.append(sql, auditEventRow(name, audit));
  } catch (err) {
    log.warn({ err: (err as Error).message, name }, 'audit event not recorded');
  }
}
