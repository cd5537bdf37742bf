export { loadConfig, StartupError, VERSION, REPO_ROOT } from './config.ts';
export { runMain, stopOnSignals } from './main.ts';
export { lockDataDir } from './data-dir-lock.ts';
export { freePort } from './free-port.ts';
export { openStores, type Stores, type OpenStoresOptions } from './stores.ts';
export { createServer, listen, CONTENT_SECURITY_POLICY } from './server.ts';
export { healthRoutes } from './health.ts';
export { runStandalone, type ServicePlugin } from './standalone.ts';
export { QueueFullError, WorkQueue, type WorkQueueOptions } from './work-queue.ts';
