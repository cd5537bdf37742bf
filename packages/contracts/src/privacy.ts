// The owner's data about people: erasing a person by e-mail address, an access
// request's export of everything held about one, the erasures' record, and the CSV exports of
// leads and contact messages with the filters of the admin lists they come from.
import { Type, type Static } from '@sinclair/typebox';
import { PageQuerySchema, PaginationSchema } from './admin.ts';

/** `POST /api/admin/erasure` and `POST /api/admin/access-export`: whose data. */
export const PersonRequestSchema = Type.Object(
  { email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);
export type PersonRequest = Static<typeof PersonRequestSchema>;

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * The filters of the admin's lists (the marketing audits, the contact messages), which their CSV
 * exports apply too: text anywhere in the row's names, address and site, and the days (UTC,
 * both included) it was received.
 */
export const ListFilterSchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    from: Type.Optional(Type.String({ pattern: DATE_PATTERN })),
    to: Type.Optional(Type.String({ pattern: DATE_PATTERN })),
  },
  { additionalProperties: false },
);
export type ListFilter = Static<typeof ListFilterSchema>;

const realDate = (day: string) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};

/** Why a filter cannot be applied (a day that does not exist, a range that ends before it starts), or undefined. */
export function listFilterProblem(filter: ListFilter): string | undefined {
  for (const key of ['from', 'to'] as const) {
    const day = filter[key];
    if (day !== undefined && !realDate(day)) return `${key} must be a date (YYYY-MM-DD), not ${day}.`;
  }
  if (filter.from && filter.to && filter.from > filter.to) return 'from must be on or before to.';
  return undefined;
}

/** The filter as a query string (`q=…&from=…`), empty values left out: the list and its CSV link share it. */
export function listFilterQuery(filter: ListFilter): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'from', 'to'] as const) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** A page of a filtered list. */
export const FilteredPageQuerySchema = Type.Composite([PageQuerySchema, ListFilterSchema], { additionalProperties: false });
export type FilteredPageQuery = Static<typeof FilteredPageQuerySchema>;

export const ContactMessageRecordSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  source: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ContactMessageRecord = Static<typeof ContactMessageRecordSchema>;

export const CONTACT_PAGE_SIZE = 10;
export const ContactMessageListSchema = Type.Object({
  messages: Type.Array(ContactMessageRecordSchema),
  pagination: PaginationSchema,
});
export type ContactMessageList = Static<typeof ContactMessageListSchema>;

const Count = Type.Integer({ minimum: 0 });

/** What an erasure removed, per store. */
export const ErasureCountsSchema = Type.Object({
  postgres: Type.Object({
    leads: Count,
    audits: Count,
    contactMessages: Count,
    /** Tracking events the api had not yet handed to ClickHouse. */
    eventOutbox: Count,
    /** Background jobs (audit runs, report and notice e-mails) about the person's records. */
    jobs: Count,
    /** Sign-in attempts made with the address. */
    loginThrottle: Count,
  }),
  clickhouse: Type.Object({
    events: Count,
    /** Days whose rollups were rebuilt from the other events. */
    days: Count,
    /** Closed-days snapshot rows dropped (computed again from the rebuilt rollups). */
    snapshotRows: Count,
  }),
  files: Type.Object({
    /** Mails in the outbox folder to or about the person. */
    outboxMails: Count,
    /** Event lines set aside in the quarantine, and lines of the spool rewritten. */
    quarantineLines: Count,
    spoolLines: Count,
  }),
  /** Report PDFs dropped from this process's memory. */
  memory: Type.Object({ reportPdfs: Count }),
});
export type ErasureCounts = Static<typeof ErasureCountsSchema>;

/** One erasure as recorded: when, by whom, how many rows; never the address. */
export const ErasureRecordSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  erasedAt: Type.String({ format: 'date-time' }),
  /** The admin who asked (their e-mail), null once that account is gone. */
  by: Type.Union([Type.String(), Type.Null()]),
  /** Rows and files removed in all (events, records, lines, mails). */
  rows: Count,
  removed: ErasureCountsSchema,
});
export type ErasureRecord = Static<typeof ErasureRecordSchema>;

export const ErasureLogSchema = Type.Object({ erasures: Type.Array(ErasureRecordSchema) });
export type ErasureLog = Static<typeof ErasureLogSchema>;
export const ERASURE_LOG_LIMIT = 50;

/** Every count of an erasure added up. */
export function erasedRows(counts: ErasureCounts): number {
  const { postgres: p, clickhouse: c, files: f } = counts;
  return (
    p.leads +
    p.audits +
    p.contactMessages +
    p.eventOutbox +
    p.jobs +
    p.loginThrottle +
    c.events +
    f.outboxMails +
    f.quarantineLines +
    f.spoolLines
  );
}

const Rows = Type.Array(Type.Unknown());

/** An access request's answer: everything held about the address, as stored. */
export const AccessExportSchema = Type.Object({
  email: Type.String(),
  exportedAt: Type.String({ format: 'date-time' }),
  postgres: Type.Object({
    leads: Rows,
    audits: Rows,
    contactMessages: Rows,
    eventOutbox: Rows,
    loginThrottle: Rows,
  }),
  clickhouse: Type.Object({
    /** Every tracking event carrying the address or a visitor id it identified, oldest first. */
    events: Rows,
    /** More events than an export holds (ACCESS_EVENT_LIMIT): the oldest are given. */
    truncated: Type.Boolean(),
  }),
  files: Type.Object({
    outboxMails: Type.Array(Type.Object({ id: Type.String(), to: Type.String(), subject: Type.String(), date: Type.String() })),
    /** Event rows ClickHouse refused, set aside in the quarantine folder. */
    quarantinedRows: Rows,
  }),
});
export type AccessExport = Static<typeof AccessExportSchema>;
