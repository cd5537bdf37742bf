// Names of the background jobs (pg-boss queues) shared by the services that send them
// and the worker that runs them.
export const JOB_QUEUES = {
  /** Deletes expired admin sessions and other records past their retention. */
  retentionSweep: 'retention-sweep',
} as const;

export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];
