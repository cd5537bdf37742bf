// Wrong passwords per (account, client) in `login_throttle`: after LOGIN_FREE_FAILURES a client
// waits, twice as long after each further failure, up to LOGIN_MAX_DELAY_SECONDS.
import { LOGIN_FIRST_DELAY_SECONDS, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_SECONDS } from '@curb/contracts/auth';
import type { Db } from '../client.ts';

/** Seconds (rounded up) this client must still wait before trying the account again; undefined when it may. */
export async function waitSeconds(db: Db, account: string, client: string): Promise<number | undefined> {
  const [row] = await db<{ wait: number }[]>`
    SELECT ceil(extract(epoch FROM retry_at - now()))::int AS wait FROM login_throttle
    WHERE account = ${account} AND client = ${client} AND retry_at > now()`;
  return row?.wait;
}

/** Counts a wrong password, in one statement so concurrent wrong guesses are all counted. */
export async function recordFailure(db: Db, account: string, client: string): Promise<void> {
  await db`
    INSERT INTO login_throttle AS t (account, client, failures) VALUES (${account}, ${client}, 1)
    ON CONFLICT (account, client) DO UPDATE SET
      failures = t.failures + 1,
      retry_at = CASE WHEN t.failures + 1 > ${LOGIN_FREE_FAILURES}
        THEN now() + make_interval(secs => least(${LOGIN_MAX_DELAY_SECONDS},
          ${LOGIN_FIRST_DELAY_SECONDS} * power(2, least(20, t.failures - ${LOGIN_FREE_FAILURES}))))
        ELSE NULL END,
      updated_at = now()`;
}

/** A successful sign-in wipes the client's count for that account. */
export async function clear(db: Db, account: string, client: string): Promise<void> {
  await db`DELETE FROM login_throttle WHERE account = ${account} AND client = ${client}`;
}

/** Forgets counts untouched for a day, so the table does not grow with every guessing client. */
export async function forgetIdle(db: Db): Promise<void> {
  await db`DELETE FROM login_throttle WHERE updated_at < now() - interval '1 day'`;
}
