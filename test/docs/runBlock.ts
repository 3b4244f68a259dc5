/** Runs a code block of a doc as printed, so a test exercises the recipe a reader copies. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { extractBlocks } from './codeBlocks';

const root = join(__dirname, '..', '..');

const AsyncFunction = async function () {}.constructor as new (...params: string[]) => (...args: unknown[]) => Promise<void>;

/** How to find the block: the name on its first line (`serialize.ts` for `// serialize.ts`), or the block's index among the doc's `ts`/`tsx` blocks. */
export type BlockRef = string | number;

/** The code of a block of `doc` (e.g. `docs/server-rendering.md`). */
export function blockCode(doc: string, ref: BlockRef): string {
  const blocks = extractBlocks(readFileSync(join(root, doc), 'utf8')).filter((b) => b.lang === 'ts' || b.lang === 'tsx');
  const block = typeof ref === 'number' ? blocks[ref] : blocks.find((b) => b.code.split('\n')[0].trim() === `// ${ref}`);
  if (block === undefined) throw new Error(`no block ${typeof ref === 'number' ? `#${ref}` : `\`// ${ref}\``} in ${doc}`);
  return block.code;
}

/**
 * Runs `code` compiled to CommonJS (top-level `await` allowed) and resolves with its exports. `load`
 * resolves its imports: pass the test file's `require`, so `rest-slice` maps to src/ as in every test.
 * `exports` receives the exports as they are assigned, to read them while the code still runs.
 */
export async function runCode<T>(code: string, load: (id: string) => unknown, exports: Record<string, unknown> = {}): Promise<T> {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
  });
  const module = { exports };
  await new AsyncFunction('exports', 'require', 'module', outputText)(module.exports, load, module);
  return module.exports as T;
}
