// The open core: an app that installs no feature ships none. Builds the core size fixture
// (scripts/size/core.mjs: a resource, `createRestCache()`, a store and one fetch) from src/ as an
// app's production build would, and reads which source files esbuild kept.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

async function bundledFiles(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    alias: { 'rest-slice': path.join(root, 'src/index.ts'), 'rest-slice/react': path.join(root, 'src/react/index.ts') },
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
  return Object.keys(output.inputs).filter((file) => output.inputs[file].bytesInOutput > 0);
}

describe('a core-only bundle', () => {
  let files: string[];
  beforeAll(async () => {
    files = await bundledFiles('scripts/size/core.mjs');
  }, 60_000);

  it('holds the core (store, rest, schema)', () => {
    expect(files).toEqual(expect.arrayContaining(['src/store/createRestCache.ts', 'src/rest/RestEndpoint.ts', 'src/schema/normalize.ts']));
  });

  it.each(['retry', 'listeners', 'infinitePages', 'live', 'collectionEdits', 'persist', 'outbox', 'crossTab'])('holds nothing of the %s feature', (feature) => {
    expect(files.filter((file) => file.startsWith(`src/features/${feature}/`))).toEqual([]);
    expect(files).not.toContain('src/features/allFeatures.ts');
  });

  // Each schema kind carries its own normalize, denormalize and inference: the core asks by kind, never by `instanceof`.
  it.each(['Union', 'Values', 'Query', 'All', 'Object'])('holds no schema.%s class', (kind) => {
    expect(files).not.toContain(`src/schema/${kind}.ts`);
  });
});

it('an app that uses every schema kind ships each, so the check above would see them', async () => {
  const files = await bundledFiles('scripts/size/everything.mjs');
  expect(['Union', 'Values', 'Query', 'All', 'Object'].filter((kind) => !files.includes(`src/schema/${kind}.ts`))).toEqual([]);
}, 60_000);

it('an app that installs crossTab() ships it, so the check above would see it', async () => {
  const files = await bundledFiles('scripts/size/feature-crossTab.mjs');
  expect(files.filter((file) => file.startsWith('src/features/crossTab/')).sort()).toEqual([
    'src/features/crossTab/crossTab.ts',
    'src/features/crossTab/merge.ts',
    'src/features/crossTab/messages.ts',
    'src/features/crossTab/tabState.ts',
  ]);
}, 60_000);
