// Builds the harness and the three apps with esbuild: production React (NODE_ENV=production,
// minified), all three on the same React 18.3.1 (the root's `react-18`/`react-dom-18` aliases;
// Data Client 0.10's React package peers React 18). rest-slice is the built package in dist/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const here = __dirname;
const root = path.resolve(here, '..', '..');

/** The libraries compared, in the order of every round; the first is the one the others are compared with. */
export const LIBRARIES = [
  { id: 'rest-slice', name: 'rest-slice', entry: 'apps/restSlice.tsx' },
  { id: 'data-client', name: 'Data Client 0.10', entry: 'apps/dataClient.tsx' },
  { id: 'rtk-query', name: 'RTK Query 2.14', entry: 'apps/rtkQuery.tsx' },
] as const;

/** One of LIBRARIES. */
export type Library = (typeof LIBRARIES)[number];

/** `rest-slice` and `rest-slice/react` resolve to the built ESM files, as an app bundler would pick them. */
const restSliceDist: Plugin = {
  name: 'rest-slice-dist',
  setup(context) {
    context.onResolve({ filter: /^rest-slice(\/react)?$/ }, (args) => {
      const file = path.join(root, 'dist', args.path === 'rest-slice' ? 'index.mjs' : 'react.mjs');
      if (!existsSync(file)) {
        return { errors: [{ text: `[bench] ${file} is missing; run \`npm run build\` first (\`npm run bench\` does)` }] };
      }
      return { path: file };
    });
  },
};

async function bundleOne(entry: string, readableNames: boolean, phases = false): Promise<string> {
  const result = await build({
    entryPoints: [path.join(here, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // `__BENCH_PHASES__`: the phase marks of apps/ui.tsx, compiled in only for `BENCH_PHASES=1` (./phases.ts).
    define: { 'process.env.NODE_ENV': '"production"', __BENCH_PHASES__: String(phases) },
    // A readable bundle (for a CPU profile) keeps names, lines and esbuild's `// <module path>`
    // comments, by which the profile is summed per package; the measured bundles are minified.
    minify: !readableNames,
    alias: {
      react: path.join(root, 'node_modules', 'react-18'),
      'react-dom': path.join(root, 'node_modules', 'react-dom-18'),
    },
    plugins: [restSliceDist],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The scripts a page loads: `/harness.js` and `/<library id>.js`; with `phases`, the apps note each phase of a click. */
export async function bundleAll(readableNames = false, phases = false): Promise<Record<string, string>> {
  const scripts: Record<string, string> = { '/harness.js': await bundleOne('harness.ts', readableNames, phases) };
  for (const library of LIBRARIES) scripts[`/${library.id}.js`] = await bundleOne(library.entry, readableNames, phases);
  return scripts;
}

/** A script that only makes a rest-slice cache and store in the page, for ./phases.ts's control page. */
export function bundleStoreOnly(): Promise<string> {
  return bundleOne('apps/storeOnly.ts', false, true);
}
