// The open core: an app that installs no feature ships none. Builds the core size fixture
// (scripts/size/core.mjs: a resource, `createRestCache()`, a store and one fetch) as an app's
// production build would, and reads which modules esbuild kept: once from src/, and once from the
// built package (dist/, which `npm test` builds first), since that is what apps bundle. Each module
// is named by its path under src/ without the extension (`store/createRestCache`).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const sources = {
  src: { 'rest-slice': 'src/index.ts', 'rest-slice/react': 'src/react/index.ts', modules: 'src/' },
  dist: { 'rest-slice': 'dist/index.mjs', 'rest-slice/react': 'dist/react.mjs', modules: 'dist/esm/' },
};
type Source = keyof typeof sources;

async function bundledFiles(entry: string, from: Source = 'src'): Promise<string[]> {
  const source = sources[from];
  if (!existsSync(path.join(root, source['rest-slice']))) throw new Error(`${source['rest-slice']} is missing: run \`npm run build\` first (\`npm test\` does)`);
  const result = await build({
    entryPoints: [path.join(root, entry)],
    alias: { 'rest-slice': path.join(root, source['rest-slice']), 'rest-slice/react': path.join(root, source['rest-slice/react']) },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['@reduxjs/toolkit', 'redux', 'react', 'react-dom', 'react-redux', 'react/jsx-runtime'],
  });
  const output = Object.values(result.metafile.outputs)[0];
  return Object.keys(output.inputs)
    .filter((file) => output.inputs[file].bytesInOutput > 0 && file.startsWith(source.modules))
    .map((file) => file.slice(source.modules.length).replace(/\.(tsx?|mjs)$/, ''));
}

describe.each(Object.keys(sources) as Source[])('a core-only bundle, from %s', (from) => {
  let files: string[];
  beforeAll(async () => {
    files = await bundledFiles('scripts/size/core.mjs', from);
  }, 60_000);

  it('holds the core (store, rest, schema)', () => {
    expect(files).toEqual(expect.arrayContaining(['store/createRestCache', 'rest/RestEndpoint', 'schema/normalize']));
  });

  it.each(['retry', 'listeners', 'infinitePages', 'live', 'collectionEdits', 'updaters', 'persist', 'outbox', 'crossTab'])('holds nothing of the %s feature', (feature) => {
    expect(files.filter((file) => file.startsWith(`features/${feature}/`))).toEqual([]);
    expect(files).not.toContain('features/allFeatures');
  });

  // Each schema kind carries its own normalize, denormalize and inference: the core asks by kind, never by `instanceof`.
  it.each(['Union', 'Values', 'Query', 'All', 'Object'])('holds no schema.%s class', (kind) => {
    expect(files).not.toContain(`schema/${kind}`);
  });
});

// A module of the package that nothing reaches costs an app nothing: no module runs code at its top
// level that a bundler must keep (a call it cannot prove pure keeps everything it names).
it('an app that imports one constant of the built package ships next to nothing of it', async () => {
  const result = await build({
    stdin: { contents: "import { ExpiryStatus } from 'rest-slice'; console.log(ExpiryStatus.Valid);", resolveDir: root },
    alias: { 'rest-slice': path.join(root, sources.dist['rest-slice']) },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['@reduxjs/toolkit', 'redux', 'path-to-regexp'],
  });
  expect(result.outputFiles[0].text.length).toBeLessThan(300);
}, 60_000);

it('an app that uses every schema kind ships each, so the check above would see them', async () => {
  const files = await bundledFiles('scripts/size/everything.mjs', 'dist');
  expect(['Union', 'Values', 'Query', 'All', 'Object'].filter((kind) => !files.includes(`schema/${kind}`))).toEqual([]);
}, 60_000);

it('an app that installs crossTab() ships it, so the check above would see it', async () => {
  const files = await bundledFiles('scripts/size/feature-crossTab.mjs', 'dist');
  expect(files.filter((file) => file.startsWith('features/crossTab/')).sort()).toEqual([
    'features/crossTab/crossTab',
    'features/crossTab/merge',
    'features/crossTab/messages',
    'features/crossTab/tabState',
  ]);
}, 60_000);
