// `pnpm lint:rules`: every source file against the rules of house-rules.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  clickHouseInServices,
  handBuiltClientErrors,
  handTypedRoutes,
  longLines,
  rawFormControls,
  sqlInServices,
  unusedDependencies,
  type Problem,
} from './house-rules.ts';
import { ROOT } from './import-boundaries.ts';

const rules = [handTypedRoutes, sqlInServices, clickHouseInServices, handBuiltClientErrors, rawFormControls, longLines];

const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.css', '*package.json'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/'));
const problems = files.flatMap((file) => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return rules.flatMap((rule) => rule(file, text)).map((p: Problem) => `${file}:${p.line}  ${p.message}`);
});
// Each workspace package's declared dependencies against the imports of its own files.
const workspaces = files.filter((f) => /^(packages|services)\/[^/]+\/package\.json$|^web\/package\.json$/.test(f));
for (const manifestFile of workspaces) {
  const dir = manifestFile.replace(/package\.json$/, '');
  const texts = files.filter((f) => f.startsWith(dir) && !f.endsWith('.css')).map((f) => readFileSync(join(ROOT, f), 'utf8'));
  for (const name of unusedDependencies(JSON.parse(readFileSync(join(ROOT, manifestFile), 'utf8')), texts)) {
    problems.push(`${manifestFile}  declares ${name} but none of its files imports it: remove it`);
  }
}
if (problems.length) {
  process.stderr.write(`House rules broken (${problems.length}):\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`House rules kept in ${files.length} files.\n`);
