import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// vitest 5 groups failures with Map.groupBy (Node ≥ 21) when it prints them; Node 20 lacks it.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        groups.set(k, [...(groups.get(k) ?? []), item]);
      }
      return groups;
    },
  });
}

// Files that drive Chromium (and start a whole product beside it) run one at a time: two of
// them at once on two cores starve each other into timeouts. `pnpm test` runs them in a lane of
// their own beside the plain files (scripts/test-lanes.mjs), since vitest runs a one-at-a-time
// project only after the parallel ones, leaving a core idle.
const CHROMIUM_FILES = [
  'test/browser/**/*.test.ts',
  'test/journeys/**/*.test.ts',
  'test/audit/lab.test.ts',
  'test/audit/audit-queue.test.ts',
];

export default defineConfig({
  // The web app's `@/x` is web/src/x (web/tsconfig.json paths, web/vite.config.ts alias).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Forks, one fresh process per file: chDB binds one data directory per process.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    reporters: ['default', './test/summary-reporter.ts'],
    // `pnpm test` measures which product code the tests run and fails below these floors
    // (set a little under what the suite reaches, so coverage can only go up). Code the
    // tests run in other processes (a started product, Chromium's pages) is not counted.
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,mjs}', 'services/*/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', 'packages/tracker/**'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 64, functions: 59, branches: 59, statements: 63 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['{packages,services,web}/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...CHROMIUM_FILES],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'chromium',
          include: CHROMIUM_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
