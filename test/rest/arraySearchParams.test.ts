// A resource's list fetched with an array search param (`getList({ tags: ['b', 'c'] })`) is
// stored apart from the lists of other values, and a push joins the lists it matches.
import { Entity, createResource } from 'rest-slice';
import { setup, storeServerForEachTest } from '../store/helpers';

class Tagged extends Entity {
  id: number | undefined = undefined;
  title = '';
  tag = '';
  pk() {
    return this.id?.toString();
  }
  static override key = 'Tagged';
}

const server = storeServerForEachTest();
const rows = [
  { id: 1, title: 'one', tag: 'a' },
  { id: 2, title: 'two', tag: 'b' },
  { id: 3, title: 'three', tag: 'c' },
];

beforeEach(() => {
  server.route('GET', '/tagged', (request) => {
    const tags = request.query.getAll('tags');
    return { json: rows.filter((row) => tags.length === 0 || tags.includes(row.tag)) };
  });
  let nextId = 10;
  server.route('POST', '/tagged', (request) => ({ status: 201, json: { ...(request.body as object), id: nextId++ } }));
});

function resource() {
  return createResource({
    urlPrefix: server.url,
    path: '/tagged/:id',
    schema: Tagged,
    searchParams: {} as { tags?: string[] },
    body: {} as { title: string; tags?: string[] },
  });
}

describe('getList with an array search param', () => {
  it('keeps one list per array value, beside the list without it', async () => {
    const R = resource();
    const { controller, store } = setup();
    await controller.fetch(R.getList);
    await controller.fetch(R.getList, { tags: ['a'] });
    await controller.fetch(R.getList, { tags: ['b', 'c'] });
    const titles = (...args: [] | [{ tags: string[] }]) =>
      controller.getResponse(R.getList, ...args, store.getState()).data?.map((item) => item.title);
    expect(titles()).toEqual(['one', 'two', 'three']);
    expect(titles({ tags: ['a'] })).toEqual(['one']);
    expect(titles({ tags: ['b', 'c'] })).toEqual(['two', 'three']);
    expect(server.requests.map((request) => request.query.toString())).toEqual(['', 'tags=a', 'tags=b&tags=c']);
  });

  it('a push joins the lists whose array equals the one it was called with (params or body), items in order', async () => {
    const R = resource();
    const { controller, store } = setup();
    const lists: { tags?: string[] }[] = [{}, { tags: ['a'] }, { tags: ['b', 'c'] }, { tags: ['c', 'b'] }];
    for (const args of lists) await controller.fetch(R.getList, args);
    await controller.fetch(R.getList.push, { tags: ['b', 'c'] }, { title: 'by params' });
    await controller.fetch(R.getList.push, { title: 'by body', tags: ['a'] });
    const ids = (args: { tags?: string[] }) => controller.getResponse(R.getList, args, store.getState()).data?.map((item) => item.id);
    expect(lists.map(ids)).toEqual([
      [1, 2, 3, 10, 11],
      [1, 11],
      [2, 3, 10],
      [2, 3],
    ]);
  });
});
