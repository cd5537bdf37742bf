#!/usr/bin/env node
// Runs the test suite in two lanes at once: the files that drive Chromium one after another in
// one lane, every other file in the other. Vitest itself can only run a one-at-a-time project
// after the parallel ones, which left one core idle for the Chromium files' whole run (more than
// half the suite); two vitest processes keep both cores busy from start to end.
//
// The plain lane measures coverage: Chromium files exercise the product in other processes
// (a started product, the browser's pages), which coverage cannot count anyway.
//
// Usage: node scripts/test-lanes.mjs   (extra arguments go to both vitest runs)
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest');
const extra = process.argv.slice(2);
// Named files or filters usually match only one lane's files, and cover too little code for the
// suite's coverage floors: those runs skip coverage and let a lane find no files.
const whole = extra.length === 0;
if (!whole) extra.push('--passWithNoTests');

const LANES = [
  { name: 'node', label: 'plain   ', args: ['run', '--project', 'node', '--maxWorkers', '1', ...(whole ? ['--coverage'] : []), ...extra] },
  { name: 'chromium', label: 'chromium', args: ['run', '--project', 'chromium', ...extra] },
];

const SUMMARY = /^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/;
// Vitest colours its output when it believes it writes to a terminal; the summary line is plain.
const ANSI = /\x1b\[[0-9;]*m/g;

function runLane(lane) {
  return new Promise((resolve) => {
    const child = spawn(VITEST, lane.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const counts = { passed: 0, failed: 0, skipped: 0, reported: false };
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          const plain = line.replace(ANSI, '');
          const summary = SUMMARY.exec(plain);
          if (summary) {
            counts.passed = Number(summary[1]);
            counts.failed = Number(summary[2]);
            counts.skipped = Number(summary[3]);
            counts.reported = true;
          }
          out.write(`${lane.label} │ ${line}\n`);
        }
      });
      stream.on('end', () => rest && out.write(`${lane.label} │ ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    lanesRunning.add(child);
    child.on('close', (code, signal) => {
      lanesRunning.delete(child);
      resolve({ lane, code: code ?? (signal ? 1 : 0), counts });
    });
  });
}

const lanesRunning = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of lanesRunning) child.kill(signal);
  });
}

const started = Date.now();
const results = await Promise.all(LANES.map(runLane));
const seconds = ((Date.now() - started) / 1000).toFixed(1);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { lane, code, counts } of results) {
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  // A lane that died before its summary (a crash, a config error) still fails the run.
  if (code !== 0 && counts.failed === 0) failed++;
  const tally = counts.reported ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : 'no summary';
  process.stdout.write(`\n${lane.name} lane: exit ${code}, ${tally}`);
}
process.stdout.write(`\nBoth lanes: ${seconds} s\n`);
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
