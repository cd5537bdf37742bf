// The rules `pnpm lint:rules` enforces, each shown to refuse what it should.
import { describe, expect, it } from 'vitest';
import { handTypedRoutes, longLines, MAX_LINE } from '../scripts/house-rules.ts';

describe('house rules', () => {
  it('refuses a route that types its request by hand beside its schema', () => {
    const handTyped = "  app.post<{ Body: LoginBody }>(\n    '/api/login',";
    expect(handTypedRoutes('services/api/src/routes/auth/index.ts', handTyped)).toEqual([
      { line: 1, message: expect.stringMatching(/by hand/) },
    ]);
    expect(handTypedRoutes('services/api/src/routes/auth/index.ts', "  app.post(\n    '/api/login',")).toEqual([]);
    // Outside route and plugin modules a generic call is not a route.
    expect(handTypedRoutes('packages/audit/src/page.ts', handTyped)).toEqual([]);
  });

  it(`refuses lines over ${MAX_LINE} characters`, () => {
    expect(longLines('a.ts', `ok\n${'x'.repeat(MAX_LINE)}\n${'y'.repeat(MAX_LINE + 1)}`)).toEqual([
      { line: 3, message: expect.stringMatching(/141/) },
    ]);
  });
});
