import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The messages that name a list or mapped schema build that name in development only: a production build
// (NODE_ENV production, messages shortened to their codes as .size-limit.cjs builds them) must still throw
// the same codes, with the same names, from the same inputs, and a development build the full text.
const root = join(__dirname, '..', '..');

const app = [
  "import { Entity, normalize, schema } from 'rest-slice';",
  "class Cat extends Entity { id = 0; static key = 'Cat'; pk() { return this.id; } }",
  'const runs = [',
  "  () => normalize([Cat], 'x'),",
  "  () => normalize(new schema.Array({ cat: Cat }, 'type'), 'x'),",
  "  () => normalize(new schema.Array({ cat: Cat }, () => { throw new Error('boom'); }), [{ id: 1 }]),",
  "  () => normalize(new schema.Array({ cat: Cat }, 'type'), [{ id: 1, type: { toString: null } }]),",
  '];',
  'for (const run of runs) {',
  '  try { run(); console.log("no error"); } catch (error) { console.log(error.message + (error.cause ? " | cause: " + error.cause.message : "")); }',
  '}',
].join('\n');

function runIn(mode: 'production' | 'development'): string[] {
  const script = `import { build } from 'esbuild';
import { createRequire } from 'node:module';
const [check] = createRequire(import.meta.url)('./.size-limit.cjs');
const config = check.modifyEsbuildConfig({ bundle: true, write: false, format: 'iife', logLevel: 'error' });
config.define['process.env.NODE_ENV'] = ${JSON.stringify(JSON.stringify(mode))};
const ran = await build({ ...config, stdin: { contents: ${JSON.stringify(app)}, resolveDir: process.cwd(), loader: 'ts' } });
new Function(ran.outputFiles[0].text)();`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim().split('\n');
}

const expected: Record<'production' | 'development', string[]> = {
  // The codes and the plain names alone.
  production: [
    '[rest-slice] E24',
    '[rest-slice] E24',
    '[rest-slice] E86 | cause: boom',
    '[rest-slice] E87 `type` is | cause: Cannot convert object to primitive value',
  ],
  // The list or mapped schema named in full.
  development: [
    '[rest-slice] schema `[Cat]` expected an array, got a string: "x"',
    '[rest-slice] schema `schema.Array(["cat"])` expected an array, got a string: "x"',
    '[rest-slice] `schema.Array` of ["cat"]: its schemaAttribute function threw (boom) for {"id":1} | cause: boom',
    '[rest-slice] `schema.Array` of ["cat"]: `type` is {"toString":null}, which has no string form, in {"id":1,"type":{"toString":null}} | cause: Cannot convert object to primitive value',
  ],
};

describe('schema names in list and mapped-schema errors', () => {
  it.each(['production', 'development'] as const)('are what a %s build throws', (mode) => {
    expect(runIn(mode)).toEqual(expected[mode]);
  });
});
