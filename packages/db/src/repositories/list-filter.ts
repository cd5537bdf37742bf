// The admin lists' filters as SQL (contracts: ListFilter): one definition for a list and its CSV
// export, so the file holds exactly the rows the table shows.
import type postgres from 'postgres';
import type { ListFilter } from '@curb/contracts/privacy';
import type { Db } from '../client.ts';

/** `text` (an SQL expression over the row's texts) contains the filter's words; created_at is on its days (UTC, both included). */
export function filterWhere(db: Db, filter: ListFilter, text: postgres.Fragment): postgres.Fragment {
  const q = filter.q?.trim() || null;
  // ILIKE's own wildcards in the owner's words are plain characters.
  const like = q && `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db`(${like}::text IS NULL OR ${text} ILIKE ${like})
    AND (${filter.from ?? null}::date IS NULL OR created_at >= (${filter.from ?? null}::date)::timestamp AT TIME ZONE 'UTC')
    AND (${filter.to ?? null}::date IS NULL OR created_at < (${filter.to ?? null}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
}
