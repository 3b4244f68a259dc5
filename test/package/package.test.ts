import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Loads the built package the way users do (by its name, through the
// `exports` map) with both `require` and `import`, so a packaging mistake
// fails the suite. `npm test` builds first (the `pretest` script).
const root = join(__dirname, '..', '..');

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

const coreNames = ['Entity', 'schema', 'createResource', 'RestEndpoint', 'createRestCache', 'restCache', 'normalize', 'denormalize', 'NetworkError', 'AbortOptimistic', 'ExpiryStatus'];
// The feature modules are separate exports a core-only app leaves out; the package must still ship them.
const featureNames = ['allFeatures', 'retry', 'listeners', 'infinitePages', 'live', 'selectPages', 'setupListeners'];
const publicNames = [...coreNames, ...featureNames];

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'index.mjs'))) {
      throw new Error('dist/ is missing: run `npm run build` before the tests (`npm test` does it for you).');
    }
  });

  it('loads with require, with every public name', () => {
    const out = run(['-e', `const m = require('rest-slice'); console.log(JSON.stringify(${JSON.stringify(publicNames)}.filter((n) => m[n] === undefined)))`]);
    expect(JSON.parse(out)).toEqual([]);
  });

  it('loads with import, with every public name', () => {
    const out = run([
      '--input-type=module',
      '-e',
      `const m = await import('rest-slice'); console.log(JSON.stringify(${JSON.stringify(publicNames)}.filter((n) => m[n] === undefined)))`,
    ]);
    expect(JSON.parse(out)).toEqual([]);
  });

  it('names its classes as users import them, and its schema classes as Data Client does, with require and import', () => {
    // The schema classes carry Data Client's class names (its tests title themselves with them).
    const names =
      '[m.Entity.name, m.RestEndpoint.name, m.Endpoint.name, class Todo extends m.Entity {}.name, m.schema.Entity.name, m.schema.Collection.name, m.schema.Union.name, m.schema.Values.name, m.schema.All.name, m.schema.Array.name, m.schema.Object.name, m.schema.Invalidate.name]';
    const expected = ['Entity', 'RestEndpoint', 'Endpoint', 'Todo', 'EntitySchema', 'CollectionSchema', 'UnionSchema', 'ValuesSchema', 'AllSchema', 'ArraySchema', 'ObjectSchema', 'Invalidate'];
    expect(JSON.parse(run(['-e', `const m = require('rest-slice'); console.log(JSON.stringify(${names}))`]))).toEqual(expected);
    const imported = run(['--input-type=module', '-e', `const m = await import('rest-slice'); console.log(JSON.stringify(${names}))`]);
    expect(JSON.parse(imported)).toEqual(expected);
  });

  it('installs the features in a cache, with require and import; the default cache has none', () => {
    const names = 'console.log(JSON.stringify([m.createRestCache({ features: m.allFeatures() }).features.map((f) => f.name), m.restCache.features.length]))';
    const expected = [['retry', 'listeners', 'infinitePages', 'live', 'collectionEdits', 'updaters'], 0];
    expect(JSON.parse(run(['-e', `const m = require('rest-slice'); ${names}`]))).toEqual(expected);
    expect(JSON.parse(run(['--input-type=module', '-e', `const m = await import('rest-slice'); ${names}`]))).toEqual(expected);
  });

  it('keeps the check that `setupListeners` needs a cache with listeners()', () => {
    const script = `const { configureStore } = require('@reduxjs/toolkit');
const { restCache, setupListeners } = require('rest-slice');
const store = configureStore({ reducer: { rest: restCache.reducer }, middleware: (d) => d().concat(restCache.middleware) });
try { setupListeners(store, restCache); console.log('no error'); } catch (error) { console.log(error.message); }`;
    expect(run(['-e', script]).trim()).toBe(
      '[rest-slice] `setupListeners` needs the listeners feature in the cache at `rest`: make it with `createRestCache({ features: [listeners()] })` and pass it (`setupListeners(store, cache)`).',
    );
  });

  it('loads rest-slice/react with require and import, sharing the core instance', () => {
    const cjs = run(['-e', "const r = require('rest-slice/react'); const c = require('rest-slice'); console.log(typeof r.useSuspense, typeof c.restCache.reducer)"]);
    expect(cjs.trim()).toBe('function function');
    const esm = run(['--input-type=module', '-e', "const r = await import('rest-slice/react'); console.log(typeof r.useSuspense)"]);
    expect(esm.trim()).toBe('function');
  });

  it('ships browser copies for pages without a bundler, with no `process.env` read and the full messages', () => {
    for (const file of ['index.browser.mjs', 'react.browser.mjs']) {
      expect(readFileSync(join(root, 'dist', file), 'utf8')).not.toMatch(/process\.env/);
    }
    expect(readFileSync(join(root, 'dist', 'index.browser.mjs'), 'utf8')).toContain("`[rest-slice] \\`createResource\\` needs a path with at least one \\`:param\\`, got '${path}'`");
  });

  it('keeps React out of the core entry and ships types for both entries', () => {
    for (const file of ['index.mjs', 'index.cjs']) {
      const source = readFileSync(join(root, 'dist', file), 'utf8');
      expect(source).not.toMatch(/from ['"]react(-redux)?['"]|require\(['"]react(-redux)?['"]\)/);
    }
    for (const file of ['index.d.ts', 'index.d.mts', 'react.d.ts', 'react.d.mts']) {
      expect(existsSync(join(root, 'dist', file))).toBe(true);
    }
  });
});
