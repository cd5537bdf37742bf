// House rules that a formatter cannot keep, as pure checks over one file's text, so each can
// be shown to refuse what it should (test/house-rules.test.ts). `pnpm lint:rules` runs them.

/** Longest line allowed; Biome wraps code at this width, so only long texts can exceed it. */
export const MAX_LINE = 140;

export interface Problem {
  line: number;
  message: string;
}

/** Route handlers take their request types from their schemas (RouteApp's TypeBox provider),
 *  never from a hand-written generic beside the schema, which can say something else. */
export function handTypedRoutes(file: string, text: string): Problem[] {
  if (!/^services\/[^/]+\/src\/(routes|plugins)\//.test(file)) return [];
  return linesMatching(text, /\b(app|fastify|instance)\.(get|post|put|patch|delete|route)\s*</).map((line) => ({
    line,
    message: 'route types its request by hand: declare params/query/body schemas and let the route app infer them',
  }));
}

/** PostgreSQL is spoken in packages/db's repositories only: a service calls them by intent
 *  (`audits.markReady(tx, id, report)`) and keeps just its transactions and rules. */
export function sqlInServices(file: string, text: string): Problem[] {
  if (!/^services\/[^/]+\/src\//.test(file) || /\.test\.tsx?$/.test(file)) return [];
  return linesMatching(text, /\b(sql|tx|db|trx)`|\.unsafe\(/).map((line) => ({
    line,
    message: 'PostgreSQL in a service: add a function to a repository in packages/db/src/repositories and call it',
  }));
}

/** ClickHouse is spoken in packages/analytics only, so every statement is where the cluster DDL,
 *  the erasure and the benchmarks can see it. */
export function clickHouseInServices(file: string, text: string): Problem[] {
  if (!/^services\/[^/]+\/src\//.test(file) || /\.test\.tsx?$/.test(file)) return [];
  return linesMatching(text, /\b(ch|clickhouse|clickHouse)\.(query|command)\s*[<(]/).map((line) => ({
    line,
    message: 'ClickHouse SQL in a service: add a function to a module of packages/analytics and call it',
  }));
}

/** The server's error handler: the one place that answers a client error. */
const ERROR_HANDLER = 'packages/runtime/src/server.ts';

/** A client error is thrown as HttpError and answered by the server's one error handler, so
 *  every 4xx has one shape; a route never builds one with reply.code(4xx). */
export function handBuiltClientErrors(file: string, text: string): Problem[] {
  if (!/^(services|packages)\/[^/]+\/src\//.test(file) || /\.test\.tsx?$/.test(file) || file === ERROR_HANDLER) return [];
  return linesMatching(text, /\.(code|status)\(\s*4\d\d\s*\)/).map((line) => ({
    line,
    message: 'a 4xx built by hand: throw new HttpError(status, message, { field }) instead',
  }));
}

/** A control tag's opening (`<input`, `<select`, `<textarea`) in JSX. */
const RAW_CONTROL = /<(input|select|textarea)\b/g;

/** The text of a JSX opening tag from `start` to its closing `>`, skipping `>` inside braces and quotes. */
function openingTag(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** A feature draws its form controls with the field family (web/src/components/ui/form), so
 *  every control has its label, hint and refusal wired the same way; a control of its own (a
 *  colour, a box with its button) goes inside `Field` and takes the frame's `{...control}`. */
export function rawFormControls(file: string, text: string): Problem[] {
  if (!/^web\/src\/features\/.*\.tsx$/.test(file) || /\.test\.tsx$/.test(file)) return [];
  return [...text.matchAll(RAW_CONTROL)].flatMap((match) =>
    openingTag(text, match.index).includes('{...control}')
      ? []
      : [
          {
            line: text.slice(0, match.index).split('\n').length,
            message: `a raw <${match[1]}> in a feature: draw it with the field family of components/ui/form`,
          },
        ],
  );
}

/** No line wider than MAX_LINE characters. */
export function longLines(_file: string, text: string): Problem[] {
  return text
    .split('\n')
    .flatMap((content, i) =>
      content.length > MAX_LINE ? [{ line: i + 1, message: `line of ${content.length} characters (at most ${MAX_LINE})` }] : [],
    );
}

/** Packages a workspace package uses without importing them: type packages, and command-line
 *  tools its scripts run. */
const USED_WITHOUT_IMPORT = /^(@types\/|typescript$)/;

/** Each dependency a workspace package declares is imported by one of its files (`texts`):
 *  an unused one is install time, audit noise and a version to keep for nothing. */
export function unusedDependencies(manifest: { dependencies?: object; devDependencies?: object }, texts: readonly string[]): string[] {
  const declared = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  return declared.filter((name) => {
    if (USED_WITHOUT_IMPORT.test(name)) return false;
    const specifier = new RegExp(`(from |import\\(|import |require\\()'${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^']*)?'`);
    return !texts.some((text) => specifier.test(text));
  });
}

function linesMatching(text: string, pattern: RegExp): number[] {
  return text.split('\n').flatMap((content, i) => (pattern.test(content) ? [i + 1] : []));
}
