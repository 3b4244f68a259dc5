// Bundlers replace `process.env.NODE_ENV` with a string literal. In a browser without a bundler there is
// no `process`, so the read throws and the build counts as development.
declare const process: { env: { NODE_ENV?: string } };

/** True unless the bundle was built (or node runs) with `NODE_ENV=production`. */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
