const warned = new Set<string>();

/**
 * Logs a development warning once per message (silent in production). Callers guard the call with the
 * literal `process.env.NODE_ENV !== 'production'` check too, so a production bundle drops the message text.
 */
export function warnOnce(message: string): void {
  if (process.env.NODE_ENV === 'production' || warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}
