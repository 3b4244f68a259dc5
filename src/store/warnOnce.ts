const warned = new Set<string>();

/**
 * Logs a development warning once per message, or once per `once` (a key naming what it is about, for a
 * message that quotes the data of each call), silent in production. Callers guard the call with the
 * literal `process.env.NODE_ENV !== 'production'` check too, so a production bundle drops the message text.
 */
export function warnOnce(message: string, once: string = message): void {
  if (process.env.NODE_ENV === 'production' || warned.has(once)) return;
  warned.add(once);
  console.warn(message);
}
