// The registry as a whole: size, unique ids, the 15 free points, a test file per category,
// and the good site producing no finding at all (no false positives on a well-built site).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_CATEGORIES } from '@curb/contracts/audit';
import { CHECKS, CHECKS_BY_ID, FREE_CHECKS, runChecks } from '@curb/audit/checks/registry';
import { contextOf } from './harness.ts';
import { goodInnerPage } from './good-site.ts';

describe('checks registry', () => {
  it('holds at least 140 checks with unique ids and complete texts', () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(140);
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    for (const c of CHECKS) {
      expect(c.id).toMatch(/^[a-z0-9]+\.[a-z0-9-]+$/);
      expect(c.title.length).toBeGreaterThan(5);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.fix.length).toBeGreaterThan(10);
    }
  });

  it('marks exactly 15 checks as the free audit', () => {
    expect(FREE_CHECKS.length).toBe(15);
  });

  it('has a fixture test file for every category it uses', () => {
    for (const category of new Set(CHECKS.map((c) => c.category))) {
      expect(CHECK_CATEGORIES).toContain(category);
      expect(existsSync(new URL(`./${category}.test.ts`, import.meta.url)), category).toBe(true);
    }
  });

  it('names only real checks in the coverage table (packages/audit/src/checks/COVERAGE.md)', () => {
    const table = readFileSync(new URL('../../../packages/audit/src/checks/COVERAGE.md', import.meta.url), 'utf8');
    const named = [...new Set([...table.matchAll(/`([a-z0-9]+\.[a-z0-9-]+)`/g)].map((m) => m[1]!))].filter(
      (id) => !/\.(?:ts|go|js|md|txt|xml)$/.test(id),
    );
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((id) => !CHECKS_BY_ID.has(id))).toEqual([]);
  });

  it('finds nothing wrong with the good site, alone or crawled', () => {
    const single = runChecks(contextOf());
    expect(single.errors).toEqual([]);
    expect(single.findings.map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
    const crawled = runChecks(
      contextOf({ pages: [goodInnerPage('/about', 'About Jane Smith'), goodInnerPage('/listings', 'Homes for Sale in Arlington')] }),
    );
    expect(crawled.findings.map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
  });
});
