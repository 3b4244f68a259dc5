// Bundlers replace `process.env.NODE_ENV`; where nothing does (a browser without a bundler) `process` is undefined.
declare const process: { env?: { NODE_ENV?: string } } | undefined;

/** True unless the bundle was built for production. */
export function isDevelopment(): boolean {
  return typeof process === 'undefined' || process?.env?.NODE_ENV !== 'production';
}
