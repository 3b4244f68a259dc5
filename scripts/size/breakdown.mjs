// `npm run size:breakdown`: what the size-limit fixtures are made of. Builds each as size-limit does (the
// esbuild settings of .size-limit.cjs, minified, from the built dist/: one module per source file, so each keeps
// its own name, `dist/esm/store/view.mjs` for src/store/view.ts), then prints the bytes each module adds to the core fixture's minified bundle, grouped by what it is for, and
// for each feature fixture what the feature adds on top of the core (its own files and the gzip total).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

// The checks of .size-limit.cjs: their fixtures, externals and esbuild settings, so this is what CI measures.
const checks = createRequire(import.meta.url)('../../.size-limit.cjs');
const [check] = checks;

// Which group each module belongs to: the first pattern that matches its path. The feature modules
// (src/features/, installed with `createRestCache({ features })`) are reached only from their own exports,
// so the core fixture, which installs none, must not contain them: the first group shows any that leaks in.
// The "core, could be a feature" groups are parts every cache has today: options, controller methods and
// schemas a bundler cannot tell an app does not use.
const GROUPS = [
  ['feature modules (src/features/): none belongs in a core-only app', /src\/features\//],
  ['core, could be a feature: garbage collection and usage', /(middleware\/gc|gcReducer|middleware\/usage|resultRows)\.ts$/],
  ['core, could be a feature: pollFrequency polling', /middleware\/(polling|endpointFlag)\.ts$/],
  ['core, could be a feature: getPage with paginationField', /rest\/paginated\.ts$/],
  ['core, could be a feature: controller.set', /store\/(set|setReducer)\.ts$/],
  ['core: Collections with push/unshift/assign (and the remove/move schemas; what they do is the collectionEdits feature)', /(Collection|CollectionEdits|collectionSchemas|collectionMembers|entityLists)\.ts$/],
  // Each schema kind carries its own behaviour and the core asks by kind, not by `instanceof`, so these classes
  // are bundled only by apps that use them (Polymorphic, the base of schema.Array that Collection lists use, and
  // Invalidate, the schema of resource.delete, are core).
  ['schemas only apps that use them ship (Values, Union, Query, All, schema.Object): none belongs in a core-only app', /schema\/(Values|Union|Query|Object|All)\.ts$/],
  ['core: path templates (path-to-regexp and paths.ts)', /(path-to-regexp|rest\/paths\.ts$)/],
  ['core: normalize, denormalize, memo, Entity', /src\/schema\//],
  ['core: endpoints and resources', /src\/rest\//],
  ['core: slice, middleware, controller, selectors, views', /src\/store\//],
];

/** The source file a bundled module was built from: dist/esm/x/y.mjs is src/x/y.ts; others are themselves. */
const sourceOf = (path) => path.replace(/^dist\/esm\/(.*)\.mjs$/, 'src/$1.ts');

/** The fixture of `entry` built as size-limit builds it: its minified code, gzip size and per-module bytes. */
async function measure(entry) {
  const result = await build(
    check.modifyEsbuildConfig({
      entryPoints: [entry.path],
      bundle: true,
      minify: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'error',
      external: entry.ignore,
    }),
  );
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, inputs };
}

const coreBuild = await measure(check);
const { minified, gzipped, inputs } = coreBuild;

const byGroup = new Map(GROUPS.map(([name]) => [name, { bytes: 0, modules: [] }]));
const other = { bytes: 0, modules: [] };
for (const [path, { bytesInOutput }] of inputs) {
  const group = GROUPS.find(([, pattern]) => pattern.test(sourceOf(path)));
  const entry = group === undefined ? other : byGroup.get(group[0]);
  entry.bytes += bytesInOutput;
  entry.modules.push([path, bytesInOutput]);
}
if (other.bytes > 0) byGroup.set('other', other);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = gzipped / minified;
console.log(`core fixture: ${kB(minified)} min, ${kB(gzipped)} min+gz (gzip ÷ min = ${ratio.toFixed(3)})\n`);
let core = 0;
for (const [name, { bytes, modules }] of [...byGroup].sort((a, b) => b[1].bytes - a[1].bytes)) {
  if (!name.startsWith('feature') && !name.includes('could be a feature')) core += bytes;
  console.log(`${kB(bytes).padStart(9)} min  ≈ ${kB(bytes * ratio).padStart(8)} gz  ${name}`);
  for (const [path, size] of modules.sort((a, b) => b[1] - a[1])) console.log(`${String(size).padStart(18)}  ${path}`);
}
console.log(`\nwithout the groups that could be features: ${kB(core)} min ≈ ${kB(core * ratio)} min+gz at the same ratio`);

// Each feature fixture: the files of src/features/ it adds, and its gzip size over the core's.
console.log('\nfeatures (each fixture is the core app with that feature installed):');
for (const entry of checks.filter((other) => /size\/(feature-|all-features)/.test(other.path))) {
  const { gzipped: total, inputs: featureInputs } = await measure(entry);
  const own = featureInputs.filter(([path]) => sourceOf(path).startsWith('src/features/'));
  const ownBytes = own.reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  console.log(`${kB(total - gzipped).padStart(9)} gz over the core (${kB(ownBytes)} min of its own files)  ${entry.name}`);
  for (const [path, { bytesInOutput }] of own.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
    console.log(`${String(bytesInOutput).padStart(18)}  ${path}`);
  }
}
