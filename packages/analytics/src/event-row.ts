// One row of the ClickHouse `events` table as the services write it (JSONEachRow), with the
// time format and page grouping every writer shares. The collector makes rows from beacons;
// the api makes them for report views and e-mail opens (through the event outbox).

export interface EventRow {
  event_id: string;
  /** DateTime64(3) in UTC, as clickhouseTime writes it. */
  ts: string;
  received_at: string;
  name: string;
  /** UInt64 as a decimal string. */
  visitor_id: string;
  session_id: string;
  email: string;
  path: string;
  page_group: string;
  referrer: string;
  referrer_domain: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
  test_type: string;
  variant: string;
  value: number;
  currency: string;
  props: Record<string, string>;
  is_bot: 0 | 1;
  browser: string;
  device: string;
  /** ISO 3166 code of the client address's country ('' unknown); the address itself is never stored. */
  country?: string;
  os?: string;
  /** Mobile, Tablet, Laptop or Desktop, from the screen width the tracker sends. */
  screen_size?: string;
}

/** Epoch milliseconds as ClickHouse reads a DateTime64(3) in UTC: `2026-11-24 18:00:00.000`. */
export const clickhouseTime = (t: number): string => new Date(t).toISOString().replace('T', ' ').replace('Z', '');

/** Grouping: audit/marketing → Marketing, service → Services, blog → Content, experience → About. */
export function pageGroup(path: string): string {
  const p = path.toLowerCase();
  if (p.includes('audit') || p.includes('marketing')) return 'Marketing';
  if (p.includes('service')) return 'Services';
  if (p.includes('blog')) return 'Content';
  if (p.includes('experience')) return 'About';
  return 'General';
}
