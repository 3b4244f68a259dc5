// The store's memo (`MemoCache`) is internal: the package does not export it. The
// schema suite still measures it as it ships: bundled and minified-free like
// dist/, by esbuild with the package's build settings, into a temporary file.
// (Importing it from src/ through tsx measures tsx's output instead: 3× slower.)
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MemoCache as MemoCacheClass } from '../src/schema/MemoCache';

/** `MemoCache`, built from src/ the way scripts/build.mjs builds dist/. */
export async function loadBuiltMemoCache(): Promise<typeof MemoCacheClass> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'rest-slice-bench-')), 'memo.mjs');
  await build({
    stdin: { contents: "export { MemoCache } from './src/schema/MemoCache';", resolveDir: resolve(__dirname, '..'), loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'warning',
  });
  const built = (await import(outfile)) as { MemoCache: typeof MemoCacheClass };
  return built.MemoCache;
}
