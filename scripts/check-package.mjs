// Checks the package as users receive it: packs dist/ (built beforehand by
// `npm run build`), lints the package with publint and @arethetypeswrong/cli,
// then installs the tarball into an empty folder beside its peers and loads it
// with `require` and `import` (one copy of the core for both), bundles a core-only
// app from it with esbuild (no feature module kept) and runs it, and type-checks
// an import of both entries under `moduleResolution: "node"` and `"node16"`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'rest-slice-package-'));

function run(command, args, cwd = root) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

try {
  const packed = JSON.parse(run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work]));
  const tarball = join(work, packed[0].filename);
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${packed[0].size} bytes`);

  console.log(run(process.execPath, [join(root, 'node_modules/publint/src/cli.js'), '--strict', tarball]));
  // Every resolution mode, `node10` (moduleResolution "node") included.
  console.log(run(process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'table-flipped']));

  const app = join(work, 'app');
  run('mkdir', ['-p', app]);
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const peers = ['@reduxjs/toolkit', 'redux', 'react', 'react-redux', '@types/react', 'typescript'].map(
    (name) => `${name}@${own.devDependencies[name]}`,
  );
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, version: '1.0.0' }));
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball, ...peers], app);

  const cjs = run(process.execPath, ['-e', "const m = require('rest-slice'); const r = require('rest-slice/react'); console.log(typeof m.createResource, typeof r.useSuspense)"], app);
  if (cjs.trim() !== 'function function') throw new Error(`require gave: ${cjs}`);
  const esm = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { createRequire } from 'node:module'; const m = await import('rest-slice'); const r = await import('rest-slice/react'); const c = createRequire(import.meta.url)('rest-slice'); console.log(typeof m.createResource, typeof r.useSuspense, m.restCache === c.restCache)",
    ],
    app,
  );
  if (esm.trim() !== 'function function true') throw new Error(`import gave: ${esm}`);

  // As an app's bundler reads it (the `import` condition, no `node`): the modules of dist/esm, of which a
  // core-only app keeps no feature's, and the bundle runs.
  writeFileSync(
    join(app, 'bundled.mjs'),
    [
      "import { configureStore } from '@reduxjs/toolkit';",
      "import { createResource, createRestCache, Entity } from 'rest-slice';",
      "class Todo extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Todo'; }",
      "const TodoResource = createResource({ urlPrefix: 'http://localhost', path: '/todos/:id', schema: Todo });",
      'const cache = createRestCache();',
      'const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer }, middleware: (d) => d().concat(cache.middleware) });',
      'const controller = cache.controller(store);',
      "await controller.setResponse(TodoResource.get, { id: 1 }, { id: 1, title: 'bundled' });",
      'console.log(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data.title);',
      '',
    ].join('\n'),
  );
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: [join(app, 'bundled.mjs')],
    outfile: join(app, 'bundle.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    metafile: true,
    external: ['@reduxjs/toolkit', 'redux'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const output = Object.values(bundled.metafile.outputs)[0];
  const kept = Object.keys(output.inputs).filter((file) => file.includes('node_modules/rest-slice/') && output.inputs[file].bytesInOutput > 0);
  if (!kept.some((file) => file.includes('/dist/esm/store/'))) throw new Error(`the bundle read no module of dist/esm: ${kept.join(', ')}`);
  const features = kept.filter((file) => file.includes('/dist/esm/features/'));
  if (features.length > 0) throw new Error(`a core-only app bundled feature modules: ${features.join(', ')}`);
  const ran = run(process.execPath, [join(app, 'bundle.mjs')], app);
  if (ran.trim() !== 'bundled') throw new Error(`the bundled app printed: ${ran}`);

  writeFileSync(
    join(app, 'index.ts'),
    [
      "import { createResource, createRestCache, Entity, infinitePages, listeners, live, restCache, retry, selectPages, type PagesInfo } from 'rest-slice';",
      "import { useInfiniteSuspense, useSuspense } from 'rest-slice/react';",
      "class Todo extends Entity { id = 0; pk() { return String(this.id); } static key = 'Todo'; }",
      "export const TodoResource = createResource({ path: '/todos/:id', schema: Todo });",
      // The feature modules' functions and types resolve from the package as the core's do.
      'export const cache = createRestCache({ features: [retry({ retry: 2 }), listeners(), infinitePages(), live()] });',
      'export const pages: PagesInfo = selectPages(cache, {}, TodoResource.getList);',
      'export { restCache, useInfiniteSuspense, useSuspense };',
      '',
    ].join('\n'),
  );
  for (const [module, moduleResolution] of [['commonjs', 'node'], ['node16', 'node16'], ['esnext', 'bundler']]) {
    run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', module, '--moduleResolution', moduleResolution, 'index.ts'], app);
  }
  console.log(
    `package check: packed, linted, installed, loaded with require and import (one copy), bundled core-only from ${kept.length} modules (no feature's) and run, types resolve under node, node16 and bundler`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
