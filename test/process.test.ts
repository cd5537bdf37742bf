// Which launcher the tests start: the compiled one only while it is as new as every source.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledIsCurrent } from './process.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with one compiled unit, built at `builtAt`, whose deepest source was last written at `editedAt`. */
function checkout(builtAt: number | null, editedAt: number): string {
  root = mkdtempSync(join(tmpdir(), 'curb-process-'));
  mkdirSync(join(root, 'packages/db/src/lib'), { recursive: true });
  mkdirSync(join(root, 'services/launcher/dist'), { recursive: true });
  writeFileSync(join(root, 'packages/db/src/a.ts'), '');
  utimesSync(join(root, 'packages/db/src/a.ts'), new Date(0), new Date(0));
  writeFileSync(join(root, 'packages/db/src/lib/x.ts'), '');
  utimesSync(join(root, 'packages/db/src/lib/x.ts'), new Date(0), new Date(editedAt));
  if (builtAt !== null) {
    writeFileSync(join(root, 'services/launcher/dist/build.json'), JSON.stringify({ startedAt: builtAt, units: ['packages/db'] }));
  }
  return root;
}

describe('the compiled launcher', () => {
  const now = Date.now();

  it('is used when the build began after the last edit', () => {
    expect(compiledIsCurrent(checkout(now, now - 60_000))).toBe(true);
  });

  it('is not used when a source, however deep, changed after the build', () => {
    expect(compiledIsCurrent(checkout(now - 60_000, now))).toBe(false);
  });

  it('is not used when there is no build', () => {
    expect(compiledIsCurrent(checkout(null, now - 60_000))).toBe(false);
  });

  it('ignores edited test files, which the build does not compile', () => {
    root = checkout(now, now - 60_000);
    writeFileSync(join(root, 'packages/db/src/lib/x.test.ts'), '');
    expect(compiledIsCurrent(root)).toBe(true);
  });
});
