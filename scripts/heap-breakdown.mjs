// `npm run heap:breakdown`: what rest-slice keeps in memory per entity, measured in Node on the built
// package (run `npm run build` first). A store holds a list of 10,000 todos, each with a nested owner
// (the browser benchmark's data), read once through the selector as a component would; then a V8 heap
// snapshot is taken and the objects are counted by kind: the normalized rows in the state, the Entity
// instances handed to React, the memo's entries, and the arrays and hash tables behind them.
// Node's heap uses 8-byte slots where Chrome's compressed pointers use 4, so the browser figure of the
// same objects is smaller; the split between kinds is what this is for.
import { configureStore } from '@reduxjs/toolkit';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createRestCache, createResource, Entity } from 'rest-slice';

const COUNT = 10_000;

class User extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static key = 'User';
}
class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  owner = null;
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
  static schema = { owner: User };
}
const TodoResource = createResource({ urlPrefix: 'http://127.0.0.1', path: '/todos/:id', schema: Todo });

const cache = createRestCache();
const store = configureStore({
  reducer: { [cache.reducerPath]: cache.reducer },
  middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
});
const controller = cache.controller(store);
// Through JSON, as a response body arrives: flat strings, fresh objects.
const todos = JSON.parse(
  JSON.stringify(
    Array.from({ length: COUNT }, (_, i) => ({
      id: i + 1,
      title: `Todo number ${i + 1}`,
      completed: i % 3 === 0,
      owner: { id: (i % 10) + 1, name: `User ${(i % 10) + 1}` },
    })),
  ),
);
await controller.setResponse(TodoResource.getList, todos);
const shown = cache.selectResponse(store.getState(), TodoResource.getList).data;
if (shown?.length !== COUNT) throw new Error(`[heap] expected ${COUNT} todos, read ${shown?.length}`);
todos.length = 0;

const file = writeHeapSnapshot(join(tmpdir(), `rest-slice-heap-${process.pid}.heapsnapshot`));
const snapshot = JSON.parse(readFileSync(file, 'utf8'));
rmSync(file);
const { meta } = snapshot.snapshot;
const nodeFields = meta.node_fields.length;
const edgeFields = meta.edge_fields.length;
const [TYPE, NAME, SELF, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
const [EDGE_TYPE, EDGE_NAME] = ['type', 'name_or_index'].map((f) => meta.edge_fields.indexOf(f));
const { nodes, edges, strings } = snapshot;

/** What a heap object is, by its constructor and (for plain objects) its property names. */
function kindOf(type, name, props) {
  if (type === 'object' && name === 'Todo') return 'Todo instances (what components get)';
  if (type === 'object' && name === 'User') return 'User instances';
  if (type === 'object' && name === 'Object' && props.includes('title') && props.includes('completed')) return 'Todo rows (the state)';
  if (type === 'object' && name === 'Object' && props.includes('deps') && props.includes('row')) return 'memo entries (one per entity read)';
  if (type === 'array' && name === '(object elements)') return 'arrays: elements (lists, pks, memo deps)';
  if (type === 'array' && (name === '' || name === '(object properties)')) return 'hash tables and out-of-object properties (entity tables)';
  if (type === 'string' && name.startsWith('Todo number')) return 'title strings';
  if (type === 'string' && /^\d+$/.test(name)) return 'pk strings';
  return undefined;
}

const totals = new Map();
for (let i = 0, edge = 0; i < nodes.length; i += nodeFields) {
  const count = nodes[i + EDGES];
  const type = meta.node_types[0][nodes[i + TYPE]];
  const name = strings[nodes[i + NAME]];
  const props = [];
  if (type === 'object' && name === 'Object') {
    for (let j = edge; j < edge + count; j++) {
      if (meta.edge_types[0][edges[j * edgeFields + EDGE_TYPE]] === 'property') props.push(strings[edges[j * edgeFields + EDGE_NAME]]);
    }
  }
  edge += count;
  const kind = kindOf(type, name, props);
  if (kind === undefined) continue;
  const total = totals.get(kind) ?? { count: 0, bytes: 0 };
  total.count++;
  total.bytes += nodes[i + SELF];
  totals.set(kind, total);
}

console.log(`${COUNT.toLocaleString('en-US')} todos with an owner, stored and read once (Node ${process.version}, 8-byte slots)`);
console.log('      MB   objects   bytes/todo   kind');
for (const [kind, { count, bytes }] of [...totals].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`${(bytes / 1e6).toFixed(2).padStart(8)}  ${String(count).padStart(8)}  ${(bytes / COUNT).toFixed(0).padStart(11)}   ${kind}`);
}
globalThis.keep = [store, shown];
