// Ends the run with the slowest files (where the suite's time goes, to keep it short) and one
// plain line, "Tests: N passed, N failed, N skipped", that CI reads.
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_SHOWN = 15;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const slowest = [...testModules]
      .map((mod) => ({ file: mod.relativeModuleId, seconds: mod.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN);
    if (slowest.length > 1) {
      process.stdout.write(`\nSlowest files:\n${slowest.map((s) => `  ${s.seconds.toFixed(1).padStart(6)} s  ${s.file}`).join('\n')}\n`);
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
