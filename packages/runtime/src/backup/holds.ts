// What must stand still while a backup reads the stores. A writer that moves rows into ClickHouse
// from elsewhere (the collector: its disk spool, and the api's event outbox in PostgreSQL)
// registers a hold on the ClickHouse it writes to. A backup in the same process cuts every hold,
// takes its PostgreSQL snapshot, has the holds bring in what they accepted before the cut, reads
// ClickHouse and releases them: the archive is one moment, the cut.

export interface HeldWrites {
  /** Every beacon acknowledged before this is in the backup, none that arrived after. */
  cutAt: Date;
  /** Accepted before the cut and still on disk: `flush` brings them into ClickHouse. */
  spooled: number;
  flush(deadline: number): Promise<void>;
  release(): void;
}

export interface WriteHold {
  /** Stops moving rows after what was accepted up to now, until `release`. */
  cut(): Promise<HeldWrites>;
}

const holds = new WeakMap<object, Set<WriteHold>>();

/** Registers `hold` for writes into `target` (a ClickHouse); answers how to unregister it. */
export function registerWriteHold(target: object, hold: WriteHold): () => void {
  const set = holds.get(target) ?? new Set<WriteHold>();
  holds.set(target, set);
  set.add(hold);
  return () => set.delete(hold);
}

/** Cuts every hold registered on `target`, as one (released together, also when one fails); null when none is. */
export async function cutWrites(target: object): Promise<HeldWrites | null> {
  const registered = [...(holds.get(target) ?? [])];
  if (!registered.length) return null;
  const taken: HeldWrites[] = [];
  const release = () => {
    for (const h of taken.splice(0)) h.release();
  };
  try {
    for (const hold of registered) taken.push(await hold.cut());
  } catch (err) {
    release();
    throw err;
  }
  const all = [...taken];
  return {
    cutAt: new Date(Math.max(...all.map((h) => h.cutAt.getTime()))),
    spooled: all.reduce((sum, h) => sum + h.spooled, 0),
    async flush(deadline) {
      for (const h of all) await h.flush(deadline);
    },
    release,
  };
}
