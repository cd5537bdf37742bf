// The dashboard endpoints, in one list (endpoints.json) that three readers share: this bench times
// them, the k6 scenario (infra/k6/dashboards.js, which cannot import TypeScript) loads them, and
// the backup round-trip test compares their answers before and after a restore.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DASHBOARD_ENDPOINTS: readonly string[] = JSON.parse(readFileSync(join(import.meta.dirname, 'endpoints.json'), 'utf8'));

/** The p95 each endpoint must keep at 10 M events (the k6 scenario holds the same bar). */
export const P95_TARGET_MS = 150;
