// The demo app: an issue tracker served with its own API. Run: npm run demo  (or: npm run demo -- --port 8080)
// Then open the printed address. Everything runs locally; nothing is downloaded.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { createIssueApi, type DemoControls } from './api';

/** Where and how `startDemoServer` serves the demo. */
export interface DemoServerOptions {
  /** Port to listen on; 0 picks a free one. When the port is taken, a free one is used. Default: 5173. */
  port?: number;
  /** Host to listen on. Default: '127.0.0.1'. */
  host?: string;
  /** The server switches at start (latency in ms, ...). Default: latency 400, everything else off. */
  controls?: Partial<Omit<DemoControls, 'id'>>;
}

/** A running demo server. */
export interface DemoServer {
  /** The page's address, e.g. `http://127.0.0.1:5173`. */
  url: string;
  /** The API behind `/api/` (its data and switches), for tests. */
  api: ReturnType<typeof createIssueApi>;
  /** Stops listening and ends open connections (event streams included). */
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'app.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    alias: {
      'rest-slice/react': path.join(__dirname, '..', 'src', 'react', 'index.ts'),
      'rest-slice': path.join(__dirname, '..', 'src', 'index.ts'),
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>rest-slice demo · issue tracker</title>
  <link rel="stylesheet" href="/app.css">
</head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body>
</html>`;

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Bundles the app and serves it with its in-memory API under `/api/`. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const { port = 5173, host = '127.0.0.1' } = options;
  const script = await bundle();
  const css = readFileSync(path.join(__dirname, 'app.css'), 'utf8');
  const api = createIssueApi(options.controls);
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    const pathname = url.split('?')[0];
    // The page's query (?gcTime=1500&retryDelay=50&refetchMinAge=0) is for the app, not the server.
    if (pathname === '/' || pathname === '/index.html') return send('text/html', page);
    if (url === '/app.js') return send('text/javascript', script);
    if (url === '/app.css') return send('text/css', css);
    if (url === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (url.startsWith('/api/')) {
      req.url = url.slice('/api'.length);
      return api.handler(req, res);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  try {
    await listen(server, port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(server, 0, host);
  }
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    api,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function portArgument(argv: readonly string[]): number | undefined {
  const i = argv.indexOf('--port');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--port='))?.slice('--port='.length);
  if (value === undefined) return process.env.PORT ? Number(process.env.PORT) : undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`demo: --port takes a number from 0 to 65535, got '${value}'`);
  return port;
}

if (require.main === module) {
  const port = portArgument(process.argv.slice(2));
  startDemoServer({ port, host: process.env.HOST ?? '127.0.0.1' })
    .then(({ url }) => console.log(`rest-slice demo: ${url}  (Ctrl+C to stop)`))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
