// What `pnpm bench:ingest` sends, shared with the test that runs the k6 version (infra/k6/ingest.js).

/** Events in one batched request. */
export const BATCH_EVENTS = 20;
