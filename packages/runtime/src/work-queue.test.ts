import { describe, expect, it, vi } from 'vitest';
import { QueueFullError, TooManyForClientError, WorkQueue } from './work-queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('WorkQueue', () => {
  it('runs two at a time, lines up three and refuses the next with Retry-After', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 3, retryAfterSeconds: 5, busyMessage: 'Busy, try again soon.' });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await vi.waitFor(() => expect([started, queue.running, queue.waiting]).toEqual([[0, 1], 2, 3]));
    const refused = await queue.run(async () => 99).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 5, message: 'Busy, try again soon.' });

    gates[0]!.resolve();
    await jobs[0];
    await vi.waitFor(() => expect([started, queue.running, queue.waiting]).toEqual([[0, 1, 2], 2, 2]));
    for (const g of gates) g.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the turn of a job that fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1, busyMessage: 'Busy.' });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });

  it("caps one client's jobs, running and waiting, and frees them when they end", async () => {
    const queue = new WorkQueue({
      concurrency: 1,
      maxWaiting: 4,
      retryAfterSeconds: 1,
      busyMessage: 'Busy.',
      perKey: { max: 2, message: 'Yours is still running.' },
    });
    const gate = deferred();
    const mine = [queue.run(() => gate.promise, 'a'), queue.run(() => gate.promise, 'a')];
    const refused = await queue.run(async () => 'third', 'a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyForClientError);
    expect(refused).toMatchObject({ statusCode: 429, message: 'Yours is still running.' });
    // Another client still gets a place in the line.
    const theirs = queue.run(async () => 'theirs', 'b');
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    gate.resolve();
    await Promise.all(mine);
    expect(await theirs).toBe('theirs');
    expect(await queue.run(async () => 'again', 'a')).toBe('again');
  });
});
