import { isDevelopment } from '../schema/development';

export { isDevelopment };

const warned = new Set<string>();

/** Logs a development warning once per message (silent in production). */
export function warnOnce(message: string): void {
  if (!isDevelopment() || warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}
