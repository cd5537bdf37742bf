// A value read from the stores at most once per `cacheMs`, at once again after `changed()`:
// a caller waits at most `timeoutMs` for a read, then gets the copy last read (or `initial`
// before the first), so pages go out while the database is slow or down.
import type { FastifyBaseLogger } from 'fastify';

export interface CachedRead<T> {
  get(): Promise<T>;
  /**
   * Forgets the cached copy after a change and reads the new one at once; resolves when it is
   * in, so the request that made the change answers only once pages go out with it (a page's
   * read may otherwise give up after its short wait and send the copy from before the change).
   */
  changed(): Promise<void>;
}

export function cachedRead<T>(opts: {
  read: () => Promise<T>;
  initial: T;
  cacheMs: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Said in the log when a read fails. */
  what: string;
}): CachedRead<T> {
  let cached: { at: number; value: Promise<T>; settled: boolean } | undefined;
  let lastRead = opts.initial;

  const read = () => {
    const entry: { at: number; value: Promise<T>; settled: boolean } = {
      at: Date.now(),
      value: Promise.resolve(lastRead) as Promise<T>,
      settled: false,
    };
    entry.value = opts.read().then(
      (value) => {
        entry.settled = true;
        if (cached === entry) lastRead = value;
        return value;
      },
      (err: unknown) => {
        entry.settled = true;
        opts.log.warn({ err }, `could not read ${opts.what}; the site keeps the copy last read`);
        if (cached === entry) cached = undefined;
        return lastRead;
      },
    );
    cached = entry;
    return entry;
  };

  return {
    get(): Promise<T> {
      const entry = cached && Date.now() - cached.at < opts.cacheMs ? cached : read();
      if (entry.settled) return entry.value;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(lastRead), opts.timeoutMs);
      });
      return Promise.race([entry.value, late]).finally(() => clearTimeout(timer));
    },
    changed() {
      cached = undefined;
      return read().value.then(() => undefined);
    },
  };
}
