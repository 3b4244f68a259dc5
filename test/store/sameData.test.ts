// A response that brings the same data again (a refetch, a poll) keeps what the store holds: the result,
// the rows and what selectors hand out keep their references, so memoized components do not re-render.
// Changed data still gives new objects, and only to what contains it.
import { Entity, RestEndpoint } from 'rest-slice';
import { jsonEqual } from '../../src/schema/jsonEqual';
import { setup, slice, startStoreServer, type StoreServer } from './helpers';

class Build extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Build';
}

class Project extends Entity {
  id = '';
  name = '';
  builds: { build: Build[] } = { build: [] };
  tags: string[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { builds: { build: [Build] } };
}

let server: StoreServer;
let projects: { id: string; name: string; tags: string[]; builds: { build: { id: string; name: string }[] } }[];

beforeEach(async () => {
  server = await startStoreServer();
  projects = [
    { id: 'a', name: 'A', tags: ['x'], builds: { build: [{ id: 'a1', name: 'A one' }] } },
    { id: 'b', name: 'B', tags: [], builds: { build: [{ id: 'b1', name: 'B one' }] } },
  ];
  server.route('GET', '/projects', () => ({ json: { project: projects } }));
});
afterEach(() => server.close());

function listEndpoint() {
  return new RestEndpoint({ path: '/projects', schema: { project: [Project] }, urlPrefix: server.url });
}

describe('a refetch of the same data', () => {
  it('keeps the result, the rows and the data read back', async () => {
    const list = listEndpoint();
    const { cache, store, controller, clock } = setup();
    await controller.fetch(list);
    const before = controller.getResponse(list, store.getState());
    const stateBefore = slice(cache, store);
    clock.advance(1000);
    await controller.fetch(list);
    const after = controller.getResponse(list, store.getState());
    expect(server.requests.filter((request) => request.path === '/projects')).toHaveLength(2);
    expect(after.data).toBe(before.data);
    const stateAfter = slice(cache, store);
    expect(stateAfter.endpoints).toBe(stateBefore.endpoints);
    expect(stateAfter.entities).toBe(stateBefore.entities);
    // The meta says when it was fetched again.
    expect(stateAfter.meta[`GET ${server.url}/projects`].fetchedAt).toBe(stateBefore.meta[`GET ${server.url}/projects`].fetchedAt + 1000);
    expect(after.expiresAt).toBeGreaterThan(before.expiresAt);
  });

  it('gives new objects only to what changed, nested members compared by value', async () => {
    const list = listEndpoint();
    const { store, controller, clock } = setup();
    await controller.fetch(list);
    const before = controller.getResponse(list, store.getState()).data!;
    projects = [{ ...projects[0], tags: ['x', 'y'] }, projects[1]];
    clock.advance(1000);
    await controller.fetch(list);
    const after = controller.getResponse(list, store.getState()).data!;
    expect(after).not.toBe(before);
    expect(after.project[0]).not.toBe(before.project[0]);
    expect(after.project[0].tags).toEqual(['x', 'y']);
    expect(after.project[1]).toBe(before.project[1]);
    expect(after.project[0].builds.build[0]).toBe(before.project[0].builds.build[0]);
  });

  it('a new order of the same rows is a new result', async () => {
    const list = listEndpoint();
    const { store, controller, clock } = setup();
    await controller.fetch(list);
    const before = controller.getResponse(list, store.getState()).data!;
    projects = [projects[1], projects[0]];
    clock.advance(1000);
    await controller.fetch(list);
    const after = controller.getResponse(list, store.getState()).data!;
    expect(after).not.toBe(before);
    expect(after.project.map((project) => project.id)).toEqual(['b', 'a']);
    expect(after.project[0]).toBe(before.project[1]);
  });
});

describe('jsonEqual', () => {
  it.each([
    [1, 1, true],
    [NaN, NaN, true],
    [0, -0, false],
    ['a', 'a', true],
    [null, null, true],
    [null, {}, false],
    [[], {}, false],
    [{}, [], false],
    [[1, [2, { a: 3 }]], [1, [2, { a: 3 }]], true],
    [[1, 2], [1, 2, 3], false],
    [{ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: 1, b: 2 }, { a: 1, c: 2 }, false],
    [{ a: { b: 1 } }, { a: { b: 2 } }, false],
  ])('jsonEqual(%j, %j) is %s', (a, b, expected) => {
    expect(jsonEqual(a, b)).toBe(expected);
    expect(jsonEqual(b, a)).toBe(expected);
  });
});
