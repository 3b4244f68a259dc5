// Runs a recipe of a docs page as written: the ```ts block whose first line is `// <name>` (with the
// `ts continued` blocks after it) is compiled to CommonJS and evaluated, with its URL prefix replaced
// by a local test server's. The tests then drive what the block exports, so a page cannot drift from
// what its test checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');

/** The source of the block named `// <name>` in `docs/<page>`, with its continuations. */
export function recipeSource(page: string, name: string): string {
  const text = readFileSync(join(root, 'docs', page), 'utf8');
  const fence = /^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  let source: string | undefined;
  for (let match = fence.exec(text); match !== null; match = fence.exec(text)) {
    const [language, continued] = match[1].trim().split(/\s+/);
    if (language !== 'ts' && language !== 'tsx') continue;
    if (source !== undefined) {
      if (continued !== 'continued') break;
      source += match[2];
    } else if (match[2].startsWith(`// ${name}\n`)) {
      source = match[2];
    }
  }
  if (source === undefined) throw new Error(`docs/${page} has no \`\`\`ts block starting with \`// ${name}\``);
  return source;
}

// An async function body allows `await` at the top level, as a module does.
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (
  ...values: unknown[]
) => Promise<void>;

/**
 * Evaluates the recipe `// <name>` of `docs/<page>` with `https://api.example.com` replaced by `urlPrefix`,
 * and resolves with its exports. `modules` replaces imports by name (e.g. `rest-slice` with a copy whose
 * `restCache` is the test's cache); other imports load as usual.
 */
export async function runRecipe<T = Record<string, any>>(
  page: string,
  name: string,
  urlPrefix: string,
  modules: Record<string, unknown> = {},
): Promise<T> {
  const source = recipeSource(page, name).replaceAll('https://api.example.com', urlPrefix);
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true },
  });
  const exports: Record<string, unknown> = {};
  const load = (id: string): unknown => (id in modules ? modules[id] : require(id));
  await new AsyncFunction('require', 'exports', 'module', outputText)(load, exports, { exports });
  return exports as T;
}
