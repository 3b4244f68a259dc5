// Builds dist/: ESM (.mjs) and CJS (.cjs) bundles of both entries with esbuild,
// and .d.ts declarations with tsc. (esbuild and tsc rather than a bundler
// that needs rollup: every platform package esbuild needs is on the registry
// CI installs from, so `npm ci` works on a fresh machine.)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { productionMessages } from './errors/plugin.mjs';

const require = createRequire(import.meta.url);
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');

const external = ['rest-slice', 'react', 'react-dom', 'react-redux', 'react/jsx-runtime', '@reduxjs/toolkit', 'redux', 'path-to-regexp'];
const entries = { index: 'src/index.ts', react: 'src/react/index.ts' };
// Each message becomes `process.env.NODE_ENV !== 'production' ? <full text> : <code and names>`, which the
// app's bundler folds (scripts/errors/transform.mjs); a message with no code fails the build.
const plugins = [productionMessages()];

/**
 * esbuild plugin for the module-per-file build: an import of another file of src/ (relative, or the
 * absolute one the messages plugin adds) stays an import, of that module's `.mjs` beside this one.
 */
function moduleImports() {
  const srcRoot = resolve('src');
  const candidates = (base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return {
    name: 'rest-slice-module-imports',
    setup(context) {
      context.onResolve({ filter: /^(\.\.?\/|\/)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const base = resolve(args.resolveDir, args.path);
        const file = candidates(base).find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
        if (file === undefined || !file.startsWith(srcRoot + sep)) {
          return { errors: [{ text: `cannot resolve ${args.path} from ${args.importer} to a module of src/` }] };
        }
        let target = relative(dirname(args.importer), file).split(sep).join('/').replace(/\.tsx?$/, '.mjs');
        if (!target.startsWith('.')) target = `./${target}`;
        return { path: target, external: true };
      });
    },
  };
}

// The ESM build that app bundlers read keeps src/'s modules: one file per module under dist/esm/, each
// importing its neighbours by relative `.mjs` paths. With `"sideEffects": false`, a bundler then drops
// every module the app does not reach, as it does for src/ (test/features/coreBundle.test.ts). In one
// bundled file, any top-level statement that is a call (a class set up, a validator built) would keep
// what it names, features included, in every app.
const sourceFiles = readdirSync('src', { recursive: true })
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join('src', file));
await build({
  entryPoints: sourceFiles,
  outdir: 'dist/esm',
  outbase: 'src',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  jsx: 'automatic',
  sourcemap: true,
  external,
  plugins: [...plugins, moduleImports()],
  logLevel: 'warning',
});

for (const [name, entry] of Object.entries(entries)) {
  writeFileSync(`dist/${name}.mjs`, `export * from './esm/${entry.slice('src/'.length).replace(/\.tsx?$/, '.mjs')}';\n`);
  // Node has no bundler to fold `process.env.NODE_ENV`, and reading it there is a call into the
  // environment each time (a hot path reads it per row). So, as React and Redux Toolkit do, the CJS
  // build comes twice, each with the check folded, and `<name>.cjs` picks one once, when it loads.
  for (const mode of ['production', 'development']) {
    await build({
      entryPoints: [entry],
      outfile: `dist/${name}.${mode}.cjs`,
      bundle: true,
      format: 'cjs',
      // `node` for CJS makes esbuild annotate the export names, which Node's ESM loader reads (see below).
      platform: 'node',
      target: 'es2022',
      jsx: 'automatic',
      sourcemap: true,
      external,
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      minifySyntax: true,
      plugins,
      logLevel: 'warning',
    });
  }
  // Both `module.exports = require(...)` forms are visible to Node's ESM loader, which reads the export names from them.
  writeFileSync(
    `dist/${name}.cjs`,
    "'use strict';\n" +
      `if (process.env.NODE_ENV === 'production') module.exports = require('./${name}.production.cjs');\n` +
      `else module.exports = require('./${name}.development.cjs');\n`,
  );
}

// For a browser without a bundler (an import map, a CDN): nothing replaces `process.env.NODE_ENV` there and
// there is no `process`, so these copies have the check replaced already. They are development builds, full
// messages and checks, as Redux's own ESM builds are there; an app that ships to users bundles instead.
for (const [name, entry] of Object.entries(entries)) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${name}.browser.mjs`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    sourcemap: true,
    external,
    define: { 'process.env.NODE_ENV': '"development"' },
    minifySyntax: true,
    plugins,
    logLevel: 'warning',
  });
}

execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
for (const [name, path] of [['index', './types/index'], ['react', './types/react/index']]) {
  writeFileSync(`dist/${name}.d.ts`, `export * from '${path}';\n`);
  writeFileSync(`dist/${name}.d.mts`, `export * from '${path}.js';\n`);
  // Node's `import` gets the CJS build through this wrapper, so an app that both imports and
  // requires rest-slice runs one copy of it (one `restCache`, one endpoint registry). Bundlers,
  // which do not match the `node` condition, get the real ESM build and tree-shake it.
  writeFileSync(`dist/${name}.node.mjs`, `export * from './${name}.cjs';\n`);
}
