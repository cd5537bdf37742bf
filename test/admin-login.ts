// For tests of admin routes: an admin account and a signed-in session on a composed app.
import type { composeApp } from '../services/launcher/src/compose.ts';
import type { Stores } from '@curb/runtime';
import { upsertAdmin } from '../services/api/src/lib/auth/admin-users.ts';

/** app.inject's default Host is localhost:80, so this is the app's own origin. */
export const TEST_ORIGIN = 'http://localhost';

/** Headers for `app.inject` that act as the signed-in admin (session cookie plus a same-origin Origin). */
export async function adminHeaders(
  app: Pick<Awaited<ReturnType<typeof composeApp>>, 'inject'>,
  stores: Stores,
  email = 'admin@curb.test',
): Promise<{ cookie: string; origin: string }> {
  const password = 'test admin password';
  await upsertAdmin(stores.sql, { email, password });
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: '10.255.0.1' });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  const session = res.cookies.find((c) => c.name === 'curb_admin');
  return { cookie: `curb_admin=${session!.value}`, origin: TEST_ORIGIN };
}
