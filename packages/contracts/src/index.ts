export * from './config.ts';
export * from './health.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './events.ts';
export * from './jobs.ts';
