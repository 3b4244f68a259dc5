// Checks the public types under the oldest TypeScript they support and under TypeScript 7, as users
// get them: the type tests (test/types/*.test-d.ts) and the docs' ts/tsx blocks, with `rest-slice`
// resolved to the built declarations (dist/, so run `npm run build` first) and `skipLibCheck` off, so the
// declarations themselves are checked too. The project itself (tests, ts-jest, TypeDoc, typescript-eslint)
// stays on its own `typescript`; each compiler here is an npm alias of devDependencies. Run with tsx
// (`npm run typecheck:range`), which lets this file read the docs' blocks with test/docs/codeBlocks.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docLineOf, docModules } from '../test/docs/codeBlocks.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The oldest supported release (the README states the range) and the newest major. */
const compilers = ['typescript-5.9', 'typescript-7'];

if (!existsSync(join(root, 'dist', 'index.d.ts'))) {
  console.error('typecheck:range checks the built declarations: run `npm run build` first.');
  process.exit(1);
}

const work = join(root, '.typecheck-range');
rmSync(work, { recursive: true, force: true });
mkdirSync(work);

const docNames = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const docs = Object.fromEntries(docNames.map((name) => [name, readFileSync(join(root, name), 'utf8')]));
const { modules, errors } = docModules(join(work, 'docs'), docs);
const docProblems = Object.values(errors).flat();
if (docProblems.length > 0) {
  // The docs' own mistakes (an unknown block language, ...): codeBlocks.test.ts reports them in full.
  console.error(docProblems.join('\n'));
  process.exit(1);
}
for (const [fileName, { module }] of modules) {
  mkdirSync(dirname(fileName), { recursive: true });
  writeFileSync(fileName, module.text);
}

writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: '../tsconfig.json',
      compilerOptions: {
        noEmit: true,
        skipLibCheck: false,
        paths: { 'rest-slice': ['../dist/index.d.ts'], 'rest-slice/react': ['../dist/react.d.ts'] },
      },
      // test/types/internal reaches into src/ (types that are not published): the project's compiler checks it.
      include: ['../test/types/*.test-d.ts', 'docs'],
    },
    null,
    2,
  ),
);

/** `tsc`'s output with a doc block's position replaced by the doc's own line (`docs/react.md:40`). */
function toDocLines(output) {
  return output.replace(/^(\.typecheck-range\/docs\/[^(\s]+)\((\d+),(\d+)\)/gm, (whole, file, line) => {
    const entry = modules.get(join(root, file));
    return entry === undefined ? whole : `${entry.doc}:${docLineOf(entry.module, Number(line) - 1)}`;
  });
}

let failed = false;
for (const name of compilers) {
  const packageDir = dirname(require.resolve(`${name}/package.json`));
  const { version, bin } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const tsc = join(packageDir, typeof bin === 'string' ? bin : bin.tsc);
  try {
    execFileSync(process.execPath, [tsc, '-p', relative(root, join(work, 'tsconfig.json'))], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    console.log(`TypeScript ${version}: the type tests and ${modules.size} doc modules check.`);
  } catch (error) {
    failed = true;
    console.error(`TypeScript ${version} (${name}) fails:\n${toDocLines(`${error.stdout ?? ''}${error.stderr ?? ''}`)}`);
  }
}
rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
