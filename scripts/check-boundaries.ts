// `pnpm lint:boundaries`: every source file's imports against the rules of import-boundaries.ts.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { importCycles, importsOf, resolveFile, ROOT, violation } from './import-boundaries.ts';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && /^(web\/src|packages|services)\//.test(f));
const problems: string[] = files.flatMap(importsOf).flatMap((i) => {
  const why = violation(i);
  return why ? [`${i.file}:${i.line}  ${i.specifier}\n    ${why}`] : [];
});
const isFile = (path: string) => statSync(join(ROOT, path), { throwIfNoEntry: false })?.isFile() ?? false;
const graph = new Map(
  files.map((file) => [file, importsOf(file).flatMap((i) => (i.target ? [resolveFile(i.target, isFile)].filter((f) => f !== null) : []))]),
);
for (const cycle of importCycles(graph)) problems.push(`import circle: ${cycle.join(' → ')}`);
if (problems.length) {
  process.stderr.write(`Import boundaries broken (${problems.length}):\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Import boundaries kept in ${files.length} files.\n`);
