// The demo app: a todo list served with its own API. Run: npm run demo
// Then open the printed address. Everything runs locally; nothing is downloaded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { createTodoApi } from './api';

/** Where and how `startDemoServer` serves the demo. */
export interface DemoServerOptions {
  /** Port to listen on; 0 picks a free one. Default: 5173. */
  port?: number;
  /** Host to listen on. Default: '127.0.0.1'. */
  host?: string;
  /** Delay of every API response (ms). Default: 600. */
  delay?: number;
}

/** A running demo server. */
export interface DemoServer {
  /** The page's address, e.g. `http://127.0.0.1:5173`. */
  url: string;
  /** Stops listening and ends open connections. */
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
  <title>rest-slice demo</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
    li { list-style: none; padding: .25rem 0; }
    .pending { opacity: .6; }
    .error { color: #b00020; }
    fieldset { margin: 1rem 0; border: 1px solid #ddd; }
    button { margin-right: .5rem; }
  </style>
</head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body>
</html>`;

/** Bundles the app and serves it with its in-memory API (under `/api/`) and `POST /controls`. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const { port = 5173, host = '127.0.0.1', delay = 600 } = options;
  const script = await bundle();
  const api = createTodoApi({ delay, failNextMutation: false });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/' || url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page);
    }
    if (url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(script);
    }
    if (url === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (url === '/controls' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        Object.assign(api.controls, JSON.parse(raw || '{}'));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(api.controls));
      });
      return;
    }
    if (url.startsWith('/api/')) {
      req.url = url.slice('/api'.length);
      return api.handler(req, res);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (require.main === module) {
  startDemoServer({ port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? '127.0.0.1' })
    .then(({ url }) => console.log(`rest-slice demo: ${url}  (Ctrl+C to stop)`))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
