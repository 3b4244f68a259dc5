// jsdom, plus Node's own fetch and the web globals it works with. jsdom has
// no `fetch`, and Node's fetch rejects jsdom's `AbortSignal` (the middleware
// passes one with every request), so both come from Node. Requests still go
// over real HTTP to the test server.
import JSDOMEnvironment from 'jest-environment-jsdom';

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
] as const;

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    const target = this.global as unknown as Record<string, unknown>;
    for (const name of FROM_NODE) target[name] = (globalThis as Record<string, unknown>)[name];
  }
}
