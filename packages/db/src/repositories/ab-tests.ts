// The A/B tests the owner runs (`ab_tests`) and every change made to them (`ab_test_changes`).
import type { AbTestStatus, AbWeights } from '@curb/contracts/ab-tests';
import type { Db, Tx } from '../client.ts';

export interface AbTestRow {
  test_type: string;
  status: AbTestStatus;
  weights: AbWeights;
  winner: string | null;
  changed_by: string;
  changed_at: Date;
}

export async function list(db: Db): Promise<AbTestRow[]> {
  return db<AbTestRow[]>`SELECT test_type, status, weights, winner, changed_by, changed_at FROM ab_tests ORDER BY test_type`;
}

/** The test's row locked until the transaction ends, or undefined when it was never changed. */
export async function lock(tx: Tx, testType: string): Promise<AbTestRow | undefined> {
  const [row] = await tx<AbTestRow[]>`
    SELECT test_type, status, weights, winner, changed_by, changed_at FROM ab_tests WHERE test_type = ${testType} FOR UPDATE`;
  return row;
}

export interface AbTestChangeRow {
  status: AbTestStatus;
  weights: AbWeights;
  winner: string | null;
  changedBy: string;
}

/** Stores the test's new state and appends it to the test's changes. */
export async function save(tx: Tx, testType: string, change: AbTestChangeRow): Promise<void> {
  // Serialises the first change of a test too (no row to lock yet).
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`ab_tests:${testType}`}))`;
  await tx`
    INSERT INTO ab_tests (test_type, status, weights, winner, changed_by, changed_at)
    VALUES (${testType}, ${change.status}, ${tx.json(change.weights)}, ${change.winner}, ${change.changedBy}, now())
    ON CONFLICT (test_type) DO UPDATE SET status = EXCLUDED.status, weights = EXCLUDED.weights, winner = EXCLUDED.winner,
      changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`;
  await tx`
    INSERT INTO ab_test_changes (test_type, status, weights, winner, changed_by)
    VALUES (${testType}, ${change.status}, ${tx.json(change.weights)}, ${change.winner}, ${change.changedBy})`;
}

export interface AbTestHistoryRow {
  test_type: string;
  status: AbTestStatus;
  weights: AbWeights;
  winner: string | null;
  changed_by: string;
  changed_at: Date;
}

/** Each test's latest `limit` changes, newest first. */
export async function history(db: Db, limit: number): Promise<AbTestHistoryRow[]> {
  return db<AbTestHistoryRow[]>`
    SELECT test_type, status, weights, winner, changed_by, changed_at FROM (
      SELECT *, row_number() OVER (PARTITION BY test_type ORDER BY changed_at DESC, id DESC) AS n FROM ab_test_changes
    ) c WHERE n <= ${limit} ORDER BY test_type, changed_at DESC, id DESC`;
}

export interface AbTestPhaseRow {
  test_type: string;
  /** Null for a test's first phase: it began with the test. */
  started_at: Date | null;
  started_by: string | null;
  copy: Record<string, string>;
  reason: string | null;
}

/** Every test's phases, oldest first. */
export async function phases(db: Db): Promise<AbTestPhaseRow[]> {
  return db<AbTestPhaseRow[]>`SELECT test_type, started_at, started_by, copy, reason FROM ab_test_phases ORDER BY test_type, id`;
}

export interface NewPhase {
  /** The text each variant showed until now, stored as the first phase when the test has none yet. */
  before: Record<string, string>;
  after: Record<string, string>;
  startedBy: string;
  reason: string;
}

/** Begins a new phase of the test now (storing its first phase first when it has none). */
export async function startPhase(tx: Tx, testType: string, phase: NewPhase): Promise<void> {
  // Two saves at once must not both store the first phase.
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`ab_test_phases:${testType}`}))`;
  const [stored] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM ab_test_phases WHERE test_type = ${testType}`;
  if (!stored?.n) {
    await tx`
      INSERT INTO ab_test_phases (test_type, started_at, started_by, copy, reason)
      VALUES (${testType}, NULL, NULL, ${tx.json(phase.before)}, NULL)`;
  }
  await tx`
    INSERT INTO ab_test_phases (test_type, started_at, started_by, copy, reason)
    VALUES (${testType}, clock_timestamp(), ${phase.startedBy}, ${tx.json(phase.after)}, ${phase.reason})`;
}
