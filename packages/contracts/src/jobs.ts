// Names of the background jobs (pg-boss queues) shared by the services that send them
// and the worker that runs them.
export const JOB_QUEUES = {
  /** Analyses a lead's website and stores the report on its audit row. */
  auditRun: 'audit-run',
  /** Sends an e-mail (the report link) and records the delivery flags. */
  mailSend: 'mail-send',
  /** Deletes expired admin sessions and other records past their retention. */
  retentionSweep: 'retention-sweep',
  /** Computes the retargeting funnel's closed days for every period just after midnight (UTC). */
  funnelProgress: 'funnel-progress',
  /** Writes the daily backup archive to BACKUP_DIR and keeps the last BACKUP_KEEP. */
  backup: 'backup',
  /** Looks every hour whether the owner's weekly Traffic e-mail is due (Monday morning, their time) and sends it. */
  weeklyTrafficMail: 'weekly-traffic-mail',
} as const;

export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];
