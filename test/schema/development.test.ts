import { buildSync } from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';

// How a user's bundle decides between development and production: built with the bundler's
// `process.env.NODE_ENV` replacement and run in a browser-like context with no `process` global.
function isDevelopmentIn(define: Record<string, string>): boolean {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(__dirname, '../../src/schema/development.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'mod',
    define,
    logLevel: 'silent',
  });
  const context: { mod?: { isDevelopment(): boolean } } = {};
  vm.runInNewContext(outputFiles[0].text, context);
  return context.mod!.isDevelopment();
}

describe('development mode in a browser bundle', () => {
  it('is off in a production build, though the page has no `process`', () => {
    expect(isDevelopmentIn({ 'process.env.NODE_ENV': '"production"' })).toBe(false);
  });

  it('is on in a development build', () => {
    expect(isDevelopmentIn({ 'process.env.NODE_ENV': '"development"' })).toBe(true);
  });

  it('is on when nothing replaced `process.env.NODE_ENV` and there is no `process`', () => {
    expect(isDevelopmentIn({})).toBe(true);
  });
});
