// createResource over a schema.Union: every member works through a store
// against the local server, and delete invalidates the right member entity.
import { Entity, createResource, schema } from 'rest-slice';
import { setup, startStoreServer, type StoreServer } from '../store/helpers';

class Post extends Entity {
  id = 0;
  type = 'post';
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Post';
}

class Photo extends Entity {
  id = 0;
  type = 'photo';
  url = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Photo';
}

type Row = { id: number; type: string; [member: string]: unknown };

let server: StoreServer;
let rows: Row[];
beforeEach(async () => {
  server = await startStoreServer();
  rows = [
    { id: 1, type: 'post', title: 'hello' },
    { id: 1, type: 'photo', url: 'a.png' },
    { id: 2, type: 'photo', url: 'b.png' },
  ];
  server.route('GET', '/feed', () => ({ json: rows }));
  server.route('GET', '/feed/:id', (request) => ({ json: rows.find((row) => String(row.id) === request.params.id) }));
  server.route('POST', '/feed', (request) => {
    const row = { id: 10, ...(request.body as object) } as Row;
    rows.push(row);
    return { status: 201, json: row };
  });
  server.route('DELETE', '/feed/:id', (request) => {
    const index = rows.findIndex((row) => String(row.id) === request.params.id && row.type === request.query.get('type'));
    const [removed] = rows.splice(index, 1);
    return { json: removed };
  });
});
afterEach(() => server.close());

function feedResource(optimistic = false) {
  return createResource({
    urlPrefix: server.url,
    path: '/feed/:id',
    schema: new schema.Union({ post: Post, photo: Photo }, 'type'),
    searchParams: {} as { type?: string },
    optimistic,
  });
}

describe('createResource over a schema.Union', () => {
  it('builds every member, named after the union members', () => {
    const Feed = feedResource();
    expect([Feed.get.name, Feed.getList.name, Feed.getList.push.name, Feed.delete.name]).toEqual([
      'Post|Photo.get',
      'Post|Photo.getList',
      'Post|Photo.getList.push',
      'Post|Photo.delete',
    ]);
    expect(Feed.delete.schema).toBeInstanceOf(schema.Invalidate);
  });

  it('get and getList give instances of the member the schemaAttribute names', async () => {
    const { store, controller } = setup();
    const Feed = feedResource();
    await controller.fetch(Feed.getList);
    const list = controller.getResponse(Feed.getList, store.getState()).data!;
    expect(list.map((item) => [item.constructor.name, item.id])).toEqual([
      ['Post', 1],
      ['Photo', 1],
      ['Photo', 2],
    ]);
    await controller.fetch(Feed.get, { id: 2 });
    const photo = controller.getResponse(Feed.get, { id: 2 }, store.getState()).data;
    expect(photo).toBeInstanceOf(Photo);
    expect(photo).toMatchObject({ id: 2, url: 'b.png' });
  });

  it('getList.push adds the created member to the list', async () => {
    const { store, controller } = setup();
    const Feed = feedResource();
    await controller.fetch(Feed.getList);
    await controller.fetch(Feed.getList.push, { type: 'post', title: 'new' });
    const list = controller.getResponse(Feed.getList, store.getState()).data!;
    expect(list.map((item) => `${item.constructor.name}:${item.id}`)).toEqual(['Post:1', 'Photo:1', 'Photo:2', 'Post:10']);
    expect(list[3]).toMatchObject({ title: 'new' });
  });

  it('delete invalidates the member entity the response names, not the other type with the same id', async () => {
    const { cache, store, controller } = setup();
    const Feed = feedResource();
    await controller.fetch(Feed.getList);
    // The path takes only `id`; `type` rides along as a search param and picks the member.
    const photoOne = { id: 1, type: 'photo' };
    await controller.fetch(Feed.delete, photoOne);
    const list = controller.getResponse(Feed.getList, store.getState()).data!;
    expect(list.map((item) => `${item.constructor.name}:${item.id}`)).toEqual(['Post:1', 'Photo:2']);
    expect(cache.selectEntity(store.getState(), Photo, 1)).toBeUndefined();
    expect(cache.selectEntity(store.getState(), Post, 1)?.title).toBe('hello');
  });

  it('an optimistic delete picks the member from the params before the server answers', async () => {
    const { cache, store, controller } = setup();
    const Feed = feedResource(true);
    await controller.fetch(Feed.getList);
    server.hold();
    const postOne = { id: 1, type: 'post' };
    const done = controller.fetch(Feed.delete, postOne);
    const list = controller.getResponse(Feed.getList, store.getState()).data!;
    expect(list.map((item) => `${item.constructor.name}:${item.id}`)).toEqual(['Photo:1', 'Photo:2']);
    expect(cache.selectEntity(store.getState(), Photo, 1)?.url).toBe('a.png');
    await server.waitForHeld(1);
    await server.releaseAll();
    await done;
    expect(cache.selectEntity(store.getState(), Post, 1)).toBeUndefined();
    const after = controller.getResponse(Feed.getList, store.getState()).data!;
    expect(after.map((item) => `${item.constructor.name}:${item.id}`)).toEqual(['Photo:1', 'Photo:2']);
  });
});
