// `npm run heap:breakdown`: what rest-slice keeps in memory per entity, measured in Node on the built
// package (run `npm run build` first). A store holds a list of 10,000 todos, each with a nested owner
// (the browser benchmark's data), read once through the selector as a component would; then a V8 heap
// snapshot is taken and the objects are counted by kind: the normalized rows in the state, the Entity
// instances handed to React, the memo's entries, and the tables, arrays and WeakMaps behind them. A snapshot
// taken before the data exists is subtracted, so Node's own objects do not count.
// Node's heap uses 8-byte slots where Chrome's compressed pointers use 4, so the browser figure of the
// same objects is smaller; the split between kinds is what this is for.
// Then the whole heap one store of Data Client's 709-project fixture (bench/data/projects.json, each project
// with its short list of build types) keeps, stored and read once.
import { configureStore } from '@reduxjs/toolkit';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

// The production build, as apps ship it and the browser benchmark measures it (development freezes every
// row and table, which changes how V8 lays some of them out); `NODE_ENV=development` measures that one.
process.env.NODE_ENV ??= 'production';
const { createRestCache, createResource, Entity } = await import('rest-slice');

// `HEAP_TODOS=2000` measures a list small enough to stay one flat table (2,048 rows at most).
const COUNT = Number(process.env.HEAP_TODOS ?? 10_000);

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
// What the process holds before the data exists (Node's own objects, the empty store), subtracted below.
const before = heapByKind();
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
const after = heapByKind();

/** Bytes and object counts by kind in a V8 heap snapshot of the whole process, taken now. */
function heapByKind() {
  const snapshot = takeSnapshot();
  const { meta } = snapshot.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const [TYPE, NAME, SELF, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
  const [EDGE_TYPE, EDGE_NAME, EDGE_TO] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const { nodes, edges, strings } = snapshot;

  /** What a heap object is, by its constructor and (for plain objects) its property names. */
  function kindOf(type, name, props, owner) {
    if (type === 'object' && name === 'Todo') return 'Todo instances (what components get)';
    if (type === 'object' && name === 'User') return 'User instances';
    if (type === 'object' && name === 'Object' && props.includes('title') && props.includes('completed')) return 'Todo rows (the state)';
    if (type === 'object' && name === 'Object' && props.includes('deps') && props.includes('row')) return 'memo entries (one per entity read)';
    if (type === 'array' && (name === '(object elements)' || name === '(object properties)' || name === '')) {
      // A backing store counts with what holds it: a table keyed by integer-like pks keeps its rows as (dictionary)
      // elements, other pks as properties; an array keeps its items as elements.
      if (owner === 'Array') return 'array items (the list of pks, the list of instances, memo deps)';
      if (owner === 'Object') return 'entity table slots (`entities` and `entitiesMeta`, by pk)';
      if (owner === 'WeakMap') return 'WeakMap slots (the memo: an entry or instance per row)';
      return undefined;
    }
    if (type === 'string' && name.startsWith('Todo number')) return 'title strings';
    if (type === 'string' && /^\d+$/.test(name)) return 'pk strings';
    return undefined;
  }

  // The kind of object that holds each backing store (elements, properties, a WeakMap's table), by node index.
  const ownerOf = new Map();
  for (let i = 0, edge = 0; i < nodes.length; i += nodeFields) {
    const count = nodes[i + EDGES];
    const type = meta.node_types[0][nodes[i + TYPE]];
    const name = strings[nodes[i + NAME]];
    for (let j = edge; j < edge + count; j++) {
      const edgeType = meta.edge_types[0][edges[j * edgeFields + EDGE_TYPE]];
      const edgeName = edgeType === 'internal' ? strings[edges[j * edgeFields + EDGE_NAME]] : '';
      if (edgeName === 'elements' || edgeName === 'properties' || (edgeName === 'table' && name === 'WeakMap')) {
        ownerOf.set(edges[j * edgeFields + EDGE_TO], type === 'object' && (name === 'Array' || name === 'WeakMap') ? name : 'Object');
      }
    }
    edge += count;
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
    const kind = kindOf(type, name, props, ownerOf.get(i));
    if (kind === undefined) continue;
    const total = totals.get(kind) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += nodes[i + SELF];
    totals.set(kind, total);
  }
  return totals;
}

console.log(`${COUNT.toLocaleString('en-US')} todos with an owner, stored and read once (${process.env.NODE_ENV} build, Node ${process.version}, 8-byte slots)`);
console.log('      MB   objects   bytes/todo   kind');
const grown = [...after].map(([kind, { count, bytes }]) => [kind, { count: count - (before.get(kind)?.count ?? 0), bytes: bytes - (before.get(kind)?.bytes ?? 0) }]);
for (const [kind, { count, bytes }] of grown.sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`${(bytes / 1e6).toFixed(2).padStart(8)}  ${String(count).padStart(8)}  ${(bytes / COUNT).toFixed(0).padStart(11)}   ${kind}`);
}
globalThis.keep = [store, shown];

// Stores of the 709 projects: what the whole heap grew by per store (every object's own size, in two
// snapshots; ten stores, so the code and type feedback the first one compiles count a tenth).
class BuildType extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static key = 'BuildType';
}
class Project extends Entity {
  id = '';
  name = '';
  buildTypes = { buildType: [] };
  pk() {
    return this.id;
  }
  static key = 'Project';
  static schema = { buildTypes: { buildType: [BuildType] } };
}
const ProjectResource = createResource({ urlPrefix: 'http://127.0.0.1', path: '/projects/:id', schema: Project });
const projectsBody = readFileSync(new URL('../bench/data/projects.json', import.meta.url), 'utf8');
const STORES = 10;
const heapBefore = heapBytes();
for (let i = 0; i < STORES; i++) {
  const projectsCache = createRestCache();
  const projectsStore = configureStore({
    reducer: { [projectsCache.reducerPath]: projectsCache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(projectsCache.middleware),
  });
  await projectsCache.controller(projectsStore).setResponse(ProjectResource.getList, JSON.parse(projectsBody).project);
  const projects = projectsCache.selectResponse(projectsStore.getState(), ProjectResource.getList).data;
  if (projects?.length !== 709) throw new Error(`[heap] expected 709 projects, read ${projects?.length}`);
  globalThis.keep.push(projectsStore, projects);
}
const heapAfter = heapBytes();
console.log(`\nData Client's benchmark fixture (709 projects, each with its list of build types), stored and read once: ${((heapAfter - heapBefore) / STORES / 1e6).toFixed(2)} MB a store`);

/** Every object's own size in a V8 heap snapshot of the whole process, taken now. */
function heapBytes() {
  const snapshot = takeSnapshot();
  const fields = snapshot.snapshot.meta.node_fields;
  const self = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = self; i < snapshot.nodes.length; i += fields.length) bytes += snapshot.nodes[i];
  return bytes;
}

/** A V8 heap snapshot of the whole process, taken now, parsed. */
function takeSnapshot() {
  const file = writeHeapSnapshot(join(tmpdir(), `rest-slice-heap-${process.pid}.heapsnapshot`));
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file);
  return snapshot;
}
