// The import rules `pnpm lint:boundaries` enforces, each shown to refuse what it should.
import { describe, expect, it } from 'vitest';
import { importCycles, resolveFile, targetOf, violation } from '../scripts/import-boundaries.ts';

const check = (file: string, specifier: string, target: string | null = null) => violation({ file, line: 1, specifier, target });
/** As `pnpm lint:boundaries` sees an import: its target resolved from the specifier. */
const checkImport = (file: string, specifier: string) => violation({ file, line: 1, specifier, target: targetOf(file, specifier) });

describe('import boundaries', () => {
  it('keeps web features apart and shared code below them', () => {
    expect(check('web/src/features/blog/components/a.tsx', '../../chat/api/x', 'web/src/features/chat/api/x')).toMatch(
      /feature "blog" imports feature "chat"/,
    );
    expect(check('web/src/features/blog/components/a.tsx', '../api/x', 'web/src/features/blog/api/x')).toBeNull();
    expect(check('web/src/components/ui/a.tsx', '../../features/chat/x', 'web/src/features/chat/x')).toMatch(/shared code/);
    expect(check('web/src/features/blog/a.tsx', '../../app/router', 'web/src/app/router')).toMatch(/app layer/);
    expect(check('web/src/app/routes/blog.tsx', '../../features/blog/x', 'web/src/features/blog/x')).toBeNull();
  });

  it("resolves the web app's @/ alias to web/src, so an aliased import keeps the same rules", () => {
    expect(targetOf('web/src/features/blog/components/a.tsx', '@/lib/scroll')).toBe('web/src/lib/scroll');
    expect(targetOf('web/src/features/blog/components/a.tsx', '../api/x')).toBe('web/src/features/blog/api/x');
    // Only the web app has the alias; elsewhere `@/` is not a path.
    expect(targetOf('services/api/src/a.ts', '@/lib/scroll')).toBeNull();
    expect(targetOf('web/src/lib/a.ts', '@curb/contracts/audit')).toBeNull();

    expect(checkImport('web/src/features/blog/components/a.tsx', '@/lib/scroll')).toBeNull();
    expect(checkImport('web/src/features/blog/components/a.tsx', '@/components/ui/pagination')).toBeNull();
    expect(checkImport('web/src/features/blog/components/a.tsx', '@/features/blog/api/x')).toBeNull();
    expect(checkImport('web/src/features/blog/components/a.tsx', '@/features/chat/api/x')).toMatch(/feature "blog" imports feature "chat"/);
    expect(checkImport('web/src/components/ui/a.tsx', '@/features/chat/x')).toMatch(/shared code/);
    expect(checkImport('web/src/features/blog/a.tsx', '@/app/router')).toMatch(/app layer/);
    expect(checkImport('web/src/app/routes/blog.tsx', '@/features/blog/x')).toBeNull();
  });

  it('keeps the browser bundle off the services and server packages', () => {
    expect(check('web/src/lib/a.ts', '../../../services/api/src/x', 'services/api/src/x')).toMatch(/only its own files/);
    expect(check('web/src/lib/a.ts', '@curb/db')).toMatch(/imports no server package/);
    expect(check('web/src/lib/a.ts', '@curb/contracts/audit')).toBeNull();
    // The report's PDF is the server's: the page downloads it.
    expect(check('web/src/features/audit-report/hooks/a.ts', '@curb/audit/pdf/report-document')).toMatch(/no server package/);
  });

  it('lets only the launcher compose services, and no package import one', () => {
    expect(check('services/api/src/a.ts', '../../collector/src/x', 'services/collector/src/x')).toMatch(/only the launcher composes/);
    expect(check('services/api/src/a.test.ts', '../../launcher/src/compose.ts', 'services/launcher/src/compose.ts')).toBeNull();
    expect(check('services/launcher/src/compose.ts', '@curb/api')).toBeNull();
    expect(check('packages/audit/src/a.ts', '@curb/worker')).toMatch(/package may not import a service/);
  });

  it('keeps server code out of the browser bundle and the packages it uses', () => {
    expect(check('web/src/lib/a.ts', 'node:fs')).toMatch(/cannot use node:fs/);
    expect(check('web/src/features/blog/api/a.ts', 'postgres')).toMatch(/cannot use postgres/);
    expect(check('web/src/lib/a.test.ts', 'node:fs')).toBeNull();
    expect(check('packages/contracts/src/a.ts', '@curb/db')).toMatch(/imports no server package/);
    expect(check('packages/content/src/a.ts', '@curb/runtime/config')).toMatch(/imports no server package/);
    expect(check('packages/tracker/src/a.ts', 'node:crypto')).toMatch(/runs only on a server/);
    expect(check('packages/contracts/src/a.ts', '@sinclair/typebox')).toBeNull();
    // The server packages may use the server's libraries.
    expect(check('packages/db/src/a.ts', 'postgres')).toBeNull();
    expect(check('packages/analytics/src/a.ts', '@curb/contracts/analytics')).toBeNull();
  });

  it('lets nothing outside the web app import it', () => {
    expect(checkImport('packages/audit/src/a.ts', '../../../web/src/lib/x')).toMatch(/only the web app imports web/);
    expect(checkImport('services/api/src/a.ts', '../../../web/src/lib/x')).toMatch(/only the web app imports web/);
    expect(checkImport('web/src/features/blog/a.ts', '../../lib/x')).toBeNull();
  });

  it('finds import circles, and none in a tree without them', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    expect(resolveFile('web/src/lib/x', (p) => p === 'web/src/lib/x.ts')).toBe('web/src/lib/x.ts');
  });
});
