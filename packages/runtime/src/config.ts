import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig, type Config } from '@curb/contracts/config';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
export const VERSION: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;

/** A start-up problem the person starting the product can fix; printed as one line. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseConfig(env);
}
