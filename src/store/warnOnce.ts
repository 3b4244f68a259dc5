// Bundlers replace `process.env.NODE_ENV`; where nothing does (a browser without a bundler) `process` is undefined.
declare const process: { env?: { NODE_ENV?: string } } | undefined;

const warned = new Set<string>();

/** True unless the bundle was built for production. */
export function isDevelopment(): boolean {
  return typeof process === 'undefined' || process?.env?.NODE_ENV !== 'production';
}

/** Logs a development warning once per message (silent in production). */
export function warnOnce(message: string): void {
  if (!isDevelopment() || warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}
