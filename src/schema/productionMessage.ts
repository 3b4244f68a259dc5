/**
 * The production form of an error or warning message: the prefix, `E<code>` and the values that name what
 * failed (an endpoint, URL or key), as `[rest-slice] E12 getTodo /todos/1`. The build (scripts/errors/)
 * writes a call of this in place of each message's short form, so a production bundle keeps one copy of the
 * prefix instead of one per message. Not called by hand.
 */
export function productionMessage(code: number, ...names: unknown[]): string {
  // The prefix without its space: a literal that starts with the prefix and a space is a message to the build.
  return ['[rest-slice]', `E${code}`, ...names.map(String)].join(' ');
}
