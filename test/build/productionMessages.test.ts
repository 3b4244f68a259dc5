import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productionMessage } from '../../src/schema/productionMessage';

// The build step that shortens error messages in production (scripts/errors/). Its modules are ESM
// scripts, so each check runs them in a node process of its own.
const root = join(__dirname, '..', '..');

function runModule(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
}

function rewrite(
  source: string,
  codes: Record<string, number>,
): { code: string; missing: { line: number; template: string }[]; rewritten: boolean } {
  const script = `import { rewriteMessages } from './scripts/errors/transform.mjs';
const codes = new Map(Object.entries(${JSON.stringify(codes)}));
console.log(JSON.stringify(rewriteMessages(${JSON.stringify(source)}, (template) => codes.get(template))));`;
  return JSON.parse(runModule(script)) as { code: string; missing: { line: number; template: string }[]; rewritten: boolean };
}

const DEV = "process.env.NODE_ENV !== 'production'";

describe('the production message transform', () => {
  it('gives a plain string its code alone', () => {
    const source = "throw new TypeError('[rest-slice] `schema.Union` needs a `schemaAttribute`');";
    expect(rewrite(source, { '[rest-slice] `schema.Union` needs a `schemaAttribute`': 7 })).toEqual({
      code: `throw new TypeError((${DEV} ? '[rest-slice] \`schema.Union\` needs a \`schemaAttribute\`' : __restSliceMessage(7)));`,
      missing: [],
      rewritten: true,
    });
  });

  it("keeps a template's names (identifiers, property accesses, naming helpers) and drops other parts", () => {
    const message = '`[rest-slice] \\`${endpoint.name}\\` (${key}) at ${named(owner)} got ${quote(value)} past ${MAX_DEPTH}`';
    const template = '[rest-slice] `${endpoint.name}` (${key}) at ${named(owner)} got ${quote(value)} past ${MAX_DEPTH}';
    expect(rewrite(`throw new Error(${message});`, { [template]: 12 })).toEqual({
      code: `throw new Error((${DEV} ? ${message} : __restSliceMessage(12, endpoint.name, key, named(owner))));`,
      missing: [],
      rewritten: true,
    });
  });

  it('reads a nested template and a `+` chain as one message, written as in source', () => {
    const source = [
      "const a = `[rest-slice] an Entity ${name === '' ? 'without a name' : `named ${name}`} needs a key`;",
      "const b = '[rest-slice] param ' + `'${param}' of '${path}' ` + 'is empty';",
    ].join('\n');
    const codes = {
      "[rest-slice] an Entity ${name === '' ? 'without a name' : `named ${name}`} needs a key": 3,
      "[rest-slice] param '${param}' of '${path}' is empty": 4,
    };
    expect(rewrite(source, codes).code.split('\n')).toEqual([
      `const a = (${DEV} ? \`[rest-slice] an Entity \${name === '' ? 'without a name' : \`named \${name}\`} needs a key\` : __restSliceMessage(3));`,
      `const b = (${DEV} ? '[rest-slice] param ' + \`'\${param}' of '\${path}' \` + 'is empty' : __restSliceMessage(4, param, path));`,
    ]);
  });

  it('leaves a `[rest-slice]` literal that does not start a message, and the prefix alone, as they are', () => {
    const source = [
      "const a = 'see ' + '[rest-slice] the docs';",
      'const b = `${where} [rest-slice] later`;',
      "const c = message.startsWith('[rest-slice] ');",
      "type D = '[rest-slice] a type';",
    ].join('\n');
    expect(rewrite(source, {})).toEqual({ code: source, missing: [], rewritten: false });
  });

  it('rewrites a message in a warn call, and leaves one that only runs in development', () => {
    const source = [
      'console.warn(`[rest-slice] ${subject(endpoint, key)} threw: ${errorMessage(error)}`, error);',
      "if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] no cache state at ${reducerPath}`);",
    ].join('\n');
    expect(rewrite(source, { '[rest-slice] ${subject(endpoint, key)} threw: ${errorMessage(error)}': 9 }).code.split('\n')).toEqual([
      `console.warn((${DEV} ? \`[rest-slice] \${subject(endpoint, key)} threw: \${errorMessage(error)}\` : __restSliceMessage(9, subject(endpoint, key))), error);`,
      "if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] no cache state at ${reducerPath}`);",
    ]);
  });

  it('reports a message with no code, with its line, and leaves it as it is', () => {
    const source = "const x = 1;\nthrow new Error(`[rest-slice] ${url} failed`);";
    expect(rewrite(source, {})).toEqual({ code: source, missing: [{ line: 2, template: '[rest-slice] ${url} failed' }], rewritten: false });
  });
});

describe('the production message builder', () => {
  it('joins the prefix, the code and the names', () => {
    expect(productionMessage(7)).toBe('[rest-slice] E7');
    expect(productionMessage(12, 'getTodo', 'GET /todos/1', 3)).toBe('[rest-slice] E12 getTodo GET /todos/1 3');
    // As a template literal would write them.
    expect(productionMessage(4, undefined, null)).toBe('[rest-slice] E4 undefined null');
  });
});

describe('the production error codes', () => {
  const table = JSON.parse(readFileSync(join(root, 'scripts/errors/codes.json'), 'utf8')) as Record<string, string>;
  const codeOf = (template: string) => Object.keys(table).find((code) => table[code] === template);

  it('gives every message in src a code, listed in docs/errors.md', () => {
    const script = "import { scanSources } from './scripts/errors/codes.mjs'; console.log(JSON.stringify(scanSources()));";
    const messages = JSON.parse(runModule(script)) as { file: string; line: number; template: string }[];
    const docs = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    expect(messages.length).toBeGreaterThan(70);
    expect(messages.filter((message) => codeOf(message.template) === undefined)).toEqual([]);
    expect(messages.filter((message) => !docs.includes(`E${codeOf(message.template)}  ${message.template}\n`))).toEqual([]);
  });

  it('leaves only codes and names in a production bundle, and the full text in development', () => {
    // The everything size fixture and a small app, built as .size-limit.cjs builds them (that config adds
    // the build step) with NODE_ENV production, then with development; the app prints two errors.
    const script = `import { build } from 'esbuild';
import { createRequire } from 'node:module';
const checks = createRequire(import.meta.url)('./.size-limit.cjs');
const app = "import { createResource, Entity, NetworkError, normalize } from 'rest-slice';" +
  "class Todo extends Entity { id = undefined; pk() { return this.id; } static key = 'Todo'; }" +
  "for (const run of [() => createResource({ path: '/todos', schema: Todo }), () => normalize(Todo, { title: 'a' }), " +
  "  () => { throw new NetworkError(new Response(null, { status: 404, statusText: 'Not Found' }), 'GET', '/todos/5', 'Todo.get'); }]) {" +
  "  try { run(); } catch (error) { console.log(error.message); } }";
const out = {};
for (const mode of ['production', 'development']) {
  const config = checks[2].modifyEsbuildConfig({ bundle: true, minify: true, write: false, format: 'iife', logLevel: 'error' });
  config.define['process.env.NODE_ENV'] = JSON.stringify(mode);
  const fixture = await build({ ...config, entryPoints: [checks[2].path], format: 'esm', external: checks[2].ignore });
  const text = fixture.outputFiles[0].text;
  const ran = await build({ ...config, stdin: { contents: app, resolveDir: process.cwd(), loader: 'ts' } });
  const lines = [];
  const log = console.log;
  console.log = (line) => lines.push(line);
  new Function(ran.outputFiles[0].text)();
  console.log = log;
  out[mode] = { prose: [...text.matchAll(/\\[rest-slice\\] (?!E\\d)[^\`"']{0,40}/g)].map((m) => m[0]), freezes: text.includes('Object.isFrozen'), lines };
}
console.log(JSON.stringify(out));`;
    const out = JSON.parse(runModule(script)) as Record<string, { prose: string[]; freezes: boolean; lines: string[] }>;
    const noParam = codeOf("[rest-slice] `createResource` needs a path with at least one `:param`, got '${path}'");
    const noPk = codeOf('[rest-slice] ${owner} has no usable primary key: pk() returned ${quote(id) ?? \'undefined\'} for ${quote(input)}');
    const failed = codeOf('[rest-slice] ${describeRequest(endpointName, method, url)} failed: ${response.status}${statusText}');
    // `owner` is a plain name ("Entity `Todo`"), so production keeps it; a failed request keeps its endpoint, method and URL.
    expect(out.production).toEqual({
      prose: [],
      freezes: false,
      lines: [`[rest-slice] E${noParam} /todos`, `[rest-slice] E${noPk} Entity \`Todo\``, `[rest-slice] E${failed} \`Todo.get\` (GET /todos/5) 404  Not Found`],
    });
    expect(out.development.freezes).toBe(true);
    expect(out.development.lines).toEqual([
      "[rest-slice] `createResource` needs a path with at least one `:param`, got '/todos'",
      '[rest-slice] Entity `Todo` has no usable primary key: pk() returned undefined for {"title":"a"}',
      '[rest-slice] `Todo.get` (GET /todos/5) failed: 404 Not Found',
    ]);
    expect(out.development.prose.length).toBeGreaterThan(50);
  });
});
