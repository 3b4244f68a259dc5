// The outbox suite: replaying 100 writes made offline (one at a time, each with its idempotency key)
// against a local HTTP server, beside the same 100 writes sent one after the other while online. The
// difference is what the outbox adds per write: holding the request, the entry in the state, the replay.
import { configureStore } from '@reduxjs/toolkit';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createResource, createRestCache, Entity, outbox, selectOutbox } from 'rest-slice';
import type { SuiteOptions } from './measure';
import type { ReportRow, ReportTable } from './report';

const WRITES = 100;
const ROW = `replay of ${WRITES} writes made offline`;

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return String(this.id);
  }
  static override key = 'BenchNote';
}

function startServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const id = Number(request.url?.split('/').pop());
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id, ...(JSON.parse(body || '{}') as object) }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

function makeStore(url: string, withOutbox: boolean) {
  const NoteResource = createResource({ urlPrefix: url, path: '/notes/:id', schema: Note, optimistic: true });
  const cache = createRestCache({ gcInterval: Infinity, features: withOutbox ? [outbox({ resources: [NoteResource], name: `bench-${Math.random()}` })] : [] });
  const store = configureStore({
    reducer: { rest: cache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  });
  return { NoteResource, cache, store, controller: cache.controller(store) };
}

/** One run of each task, in ms. */
async function replayOnce(url: string): Promise<number> {
  const { NoteResource, cache, store, controller } = makeStore(url, true);
  store.dispatch(cache.actions.offline());
  for (let i = 0; i < WRITES; i++) void controller.fetch(NoteResource.partialUpdate, { id: i % 10 }, { text: `edit ${i}` }).catch(() => undefined);
  if (selectOutbox(cache, store.getState()).length !== WRITES) throw new Error('[bench] outbox: the writes were not kept');
  const started = performance.now();
  store.dispatch(cache.actions.online());
  await controller.flushOutbox();
  const ms = performance.now() - started;
  if (selectOutbox(cache, store.getState()).length !== 0) throw new Error('[bench] outbox: the replay left entries');
  return ms;
}

async function onlineOnce(url: string): Promise<number> {
  const { NoteResource, controller } = makeStore(url, false);
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) await controller.fetch(NoteResource.partialUpdate, { id: i % 10 }, { text: `edit ${i}` });
  return performance.now() - started;
}

function row(name: string, samples: number[]): ReportRow {
  const mean = samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
  const variance = samples.reduce((sum, ms) => sum + (ms - mean) ** 2, 0) / Math.max(1, samples.length - 1);
  // The relative margin of error of the mean (95%, normal approximation), as tinybench reports it.
  const rme = ((1.96 * Math.sqrt(variance / samples.length)) / mean) * 100;
  return { name, hz: 1000 / mean, rme };
}

/** Runs the outbox suite's one row when the filter lets it through. */
export async function runOutboxBench(options: SuiteOptions): Promise<ReportTable[]> {
  if (!options.includes(`outbox: ${ROW}`)) return [];
  process.stderr.write(`outbox: ${ROW} …\n`);
  const server = await startServer();
  try {
    // Rounds in turn, so both tasks see the same machine load; the first of each warms up.
    const rounds = Math.max(3, Math.round(options.timeMs / 200));
    const replay: number[] = [];
    const online: number[] = [];
    for (let i = 0; i <= rounds; i++) {
      const a = await replayOnce(server.url);
      const b = await onlineOnce(server.url);
      if (i > 0) {
        replay.push(a);
        online.push(b);
      }
    }
    return [
      {
        title: `outbox › ${ROW}`,
        rows: [row('outbox replay', replay), row('sent online, one after another', online)],
        baselines: ['sent online, one after another'],
        notes: [
          `one op = ${WRITES} PATCHes to a local HTTP server, each awaited before the next (the replay sends one at a time); ${rounds} rounds`,
          'outbox replay: from `rest/online` to `controller.flushOutbox()` resolving, the writes queued beforehand while offline',
        ],
      },
    ];
  } finally {
    await server.close();
  }
}
