// The limits every helper program runs under, on real processes: the deadline kills, the
// memory limit is in force before the program's first instruction, the arguments stay data.
import { describe, expect, it } from 'vitest';
import { spawnLimited } from './limited-child.ts';

const MIB = 1024 * 1024;

async function output(run: ReturnType<typeof spawnLimited>): Promise<string> {
  let text = '';
  run.child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await run.exited;
  return text;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('spawnLimited', () => {
  it('kills a program that outlives its time limit, at the limit', async () => {
    const started = performance.now();
    const run = spawnLimited('sleep', ['30'], { timeoutMs: 300, memoryBytes: 64 * MIB });
    const exit = await run.exited;
    const ms = performance.now() - started;
    expect(exit).toMatchObject({ timedOut: true, signal: 'SIGKILL', notStarted: false });
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2000);
    expect(alive(run.child.pid!)).toBe(false);
  });

  it('sets the memory limit on the program itself (the shell execs it in place)', async () => {
    const run = spawnLimited('sh', ['-c', 'ulimit -d; echo $$'], { timeoutMs: 5000, memoryBytes: 96 * MIB });
    const [limit, pid] = (await output(run)).trim().split('\n');
    expect(limit).toBe(String(96 * 1024));
    expect(Number(pid)).toBe(run.child.pid);
    expect((await run.exited).code).toBe(0);
  });

  it('passes arguments as data, never as shell text', async () => {
    const tricky = ['$HOME', '`id`', '; echo injected', '"quoted" \'single\'', ''];
    const run = spawnLimited('printf', ['%s|', ...tricky], { timeoutMs: 5000, memoryBytes: 64 * MIB });
    expect(await output(run)).toBe(`${tricky.join('|')}|`);
  });

  it('says when the program could not start', async () => {
    const exit = await spawnLimited('no-such-program-here', [], { timeoutMs: 5000, memoryBytes: 64 * MIB }).exited;
    expect(exit).toMatchObject({ notStarted: true, timedOut: false });
  });
});
