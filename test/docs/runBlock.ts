/** Runs a named code block of a doc (its first line is `// name.ts`), so a test exercises the recipe as printed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { extractBlocks } from './codeBlocks';

const root = join(__dirname, '..', '..');

/**
 * The exports of the block of `doc` (e.g. `docs/server-rendering.md`) whose first line is `// ${name}`,
 * compiled to CommonJS. `load` resolves its imports: pass the test file's `require`, so `rest-slice` maps
 * to src/ as in every test.
 */
export function runBlock<T>(doc: string, name: string, load: (id: string) => unknown): T {
  const block = extractBlocks(readFileSync(join(root, doc), 'utf8')).find((b) => b.code.split('\n')[0].trim() === `// ${name}`);
  if (block === undefined) throw new Error(`no block \`// ${name}\` in ${doc}`);
  const { outputText } = ts.transpileModule(block.code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
    fileName: name,
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'require', 'module', outputText)(module.exports, load, module);
  return module.exports as T;
}
