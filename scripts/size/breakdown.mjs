// `npm run size:breakdown`: what the core size-limit fixture (scripts/size/core.mjs) is made of.
// Builds it as size-limit does (the esbuild settings of .size-limit.cjs, minified), but from src/
// so each module keeps its own name, then prints the bytes each module adds to the minified bundle,
// grouped by what it is for, and the gzip size a bundle of only the groups an app cannot leave out
// would have at the same compression ratio.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

// The core check of .size-limit.cjs: its fixture, externals and esbuild settings, so this is the bundle CI measures.
const [check] = createRequire(import.meta.url)('../../.size-limit.cjs');

// Which group each module belongs to: the first pattern that matches its path. The feature modules
// (src/features/, installed with `createRestCache({ features })`) are reached only from their own exports,
// so the core fixture, which installs none, must not contain them: the first group shows any that leaks in.
// The "core, could be a feature" groups are parts every cache has today: options, controller methods and
// schemas a bundler cannot tell an app does not use.
const GROUPS = [
  ['feature modules (src/features/): none belongs in a core-only app', /src\/features\//],
  ['core, could be a feature: garbage collection and usage', /(middleware\/gc|gcReducer|middleware\/usage)\.ts$/],
  ['core, could be a feature: pollFrequency polling', /middleware\/polling\.ts$/],
  ['core, could be a feature: getPage with paginationField', /rest\/paginated\.ts$/],
  ['core, could be a feature: controller.set', /store\/(set|setReducer)\.ts$/],
  ['core, could be a feature: Collection push/unshift/assign/remove/move', /(Collection|CollectionEdits|collectionSchemas|collectionMembers|entityLists)\.ts$/],
  ['core, could be a feature: other schemas (Values, Union, Invalidate, Query, Object, polymorphism)', /schema\/(Values|Union|Invalidate|Query|Object|Polymorphic|All)\.ts$/],
  ['core: path templates (path-to-regexp and paths.ts)', /(path-to-regexp|rest\/paths\.ts$)/],
  ['core: normalize, denormalize, memo, Entity', /src\/schema\//],
  ['core: endpoints and resources', /src\/rest\//],
  ['core: slice, middleware, controller, selectors, views', /src\/store\//],
];

const result = await build(
  check.modifyEsbuildConfig({
    entryPoints: [check.path],
    alias: { 'rest-slice': './src/index.ts' },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'error',
    external: check.ignore,
  }),
);
const code = result.outputFiles[0].contents;
const minified = code.length;
const gzipped = gzipSync(code, { level: 9 }).length;
const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);

const byGroup = new Map(GROUPS.map(([name]) => [name, { bytes: 0, modules: [] }]));
const other = { bytes: 0, modules: [] };
for (const [path, { bytesInOutput }] of inputs) {
  const group = GROUPS.find(([, pattern]) => pattern.test(path));
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
