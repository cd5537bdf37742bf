// The import rules of the house, checked on every source file by `pnpm lint:boundaries` (part of
// `pnpm test`): bulletproof-react's `import/no-restricted-paths` zones for the web app —
// app → features → shared, no feature importing another, the web never importing a service —
// and ARCHITECTURE.md's for the rest: packages never import services, and a service never
// imports another (the launcher composes them; tests may start the composed app).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const SERVICES = ['api', 'collector', 'worker', 'launcher'];
/** What the browser bundle may use of the workspace. */
const WEB_PACKAGES = new Set(['@curb/contracts', '@curb/content', '@curb/tracker']);

export interface Import {
  file: string;
  line: number;
  specifier: string;
  /** Repo-relative path of the imported file or folder; null for a package. */
  target: string | null;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const specifier = m[1] ?? m[2] ?? m[3]!;
    const line = text.slice(0, m.index).split('\n').length;
    found.push({ file, line, specifier, target: targetOf(file, specifier) });
  }
  return found;
}

/** The web app's alias: `@/x` is web/src/x (web/tsconfig.json paths, web/vite.config.ts). */
const WEB_ALIAS = '@/';

/** Repo-relative path an import points at: relative specifiers and the web app's `@/` alias; null for a package. */
export function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), specifier));
  if (specifier.startsWith(WEB_ALIAS) && file.startsWith('web/')) return join('web/src', specifier.slice(WEB_ALIAS.length));
  return null;
}

const featureOf = (path: string) => /^web\/src\/features\/([^/]+)\//.exec(`${path}/`)?.[1] ?? null;
const serviceOf = (path: string) => /^services\/([^/]+)\//.exec(`${path}/`)?.[1] ?? null;
const servicePackage = (specifier: string) =>
  SERVICES.find((s) => specifier === `@curb/${s}` || specifier.startsWith(`@curb/${s}/`)) ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Packages the browser and the shared, I/O-free packages may use: no server code. */
const CLIENT_SAFE_PACKAGES = ['packages/contracts/src/', 'packages/content/src/', 'packages/tracker/src/'];
/** Workspace packages that hold server code (stores, engines, services' shared runtime). */
const SERVER_PACKAGES = ['@curb/db', '@curb/analytics', '@curb/runtime', '@curb/audit'];
/** Libraries that only run on a server. */
const SERVER_LIBRARIES = /^(node:|postgres$|pg-boss$|fastify$|@fastify\/|@clickhouse\/|chdb$|nodemailer$|playwright-core$|lighthouse$)/;
const isServerPackage = (specifier: string) => SERVER_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`));

/** The rule a browser or shared package file breaks by importing server code, or null. */
function serverCodeIn(file: string, specifier: string, where: string): string | null {
  if (isTest(file)) return null;
  if (SERVER_LIBRARIES.test(specifier)) return `${where} cannot use ${specifier}: it runs only on a server`;
  if (isServerPackage(specifier)) return `${where} imports no server package (${specifier})`;
  return null;
}

/** The rule an import breaks, or null. */
export function violation({ file, specifier, target }: Import): string | null {
  if (file.startsWith('web/src/')) {
    if (target && !target.startsWith('web/')) return 'the web app imports only its own files and the shared packages';
    const server = serverCodeIn(file, specifier, 'the browser bundle');
    if (server) return server;
    if (!target && specifier.startsWith('@curb/') && !WEB_PACKAGES.has(specifier.split('/').slice(0, 2).join('/'))) {
      return `the web app may use ${[...WEB_PACKAGES].join(', ')} only`;
    }
    if (target) {
      const from = featureOf(file);
      const to = featureOf(target);
      if (to && from && to !== from) return `feature "${from}" imports feature "${to}": share through components/ or lib/ instead`;
      if (
        target.startsWith('web/src/app/') &&
        !file.startsWith('web/src/app/') &&
        !file.startsWith('web/src/main') &&
        !file.startsWith('web/src/entry')
      ) {
        return 'only the app layer (and the entry points) may import web/src/app';
      }
      if (to && (file.startsWith('web/src/components/') || file.startsWith('web/src/lib/')))
        return 'shared code (components/, lib/) may not import a feature';
    }
    return null;
  }
  // Nothing outside the web app reaches into it: what both sides need lives in a package.
  if (target?.startsWith('web/')) return 'only the web app imports web/: share through packages/contracts or packages/content';
  if (file.startsWith('packages/')) {
    if (target?.startsWith('services/') || servicePackage(specifier)) return 'a package may not import a service';
    if (CLIENT_SAFE_PACKAGES.some((p) => file.startsWith(p))) {
      const server = serverCodeIn(file, specifier, 'contracts, content and tracker (used by the browser)');
      if (server) return server;
    }
    return null;
  }
  const service = serviceOf(file);
  if (service && service !== 'launcher' && !isTest(file)) {
    const other = target ? serviceOf(target) : servicePackage(specifier);
    if (other && other !== service) return `service "${service}" imports service "${other}": only the launcher composes services`;
  }
  return null;
}

/**
 * The import circles of a graph of files (each with the files it imports), each as the files
 * around it: a module that needs itself to load makes its members depend on load order.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** The file an import's target names (the web app leaves out extensions and index files). */
export function resolveFile(target: string, exists: (path: string) => boolean): string | null {
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => target + ending).find(exists) ?? null;
}
