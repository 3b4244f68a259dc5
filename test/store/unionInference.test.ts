// A Union resource's detail read by inference, as Data Client's "unions should work with
// getList.push [no args]": a push with only a body stores the item, and `get` with the
// discriminator in its params (or without it) reads it with no request.
import { Entity, createResource, schema } from 'rest-slice';
import { setup, startStoreServer, type StoreServer } from './helpers';

class Feed extends Entity {
  id = '';
  title = '';
  type: 'link' | 'post' = 'post';
  pk() {
    return this.id;
  }
  static key = 'Feed';
}
class FeedLink extends Feed {
  url = '';
  static key = 'FeedLink';
}
class FeedPost extends Feed {
  content = '';
  static key = 'FeedPost';
}
const FeedUnion = new schema.Union({ post: FeedPost, link: FeedLink }, 'type');
const payload = { id: '5', title: 'my first feed', type: 'link' as const, url: 'https://true.io' };

let server: StoreServer;
beforeEach(async () => {
  server = await startStoreServer();
  server.route('POST', '/feed', (request) => ({ json: { ...(request.body as object) } }));
});
afterEach(() => server.close());

it('getList.push with only a body: get and a Union query read the pushed item by its params', async () => {
  const FeedResource = createResource({ urlPrefix: server.url, path: '/feed/:id', schema: FeedUnion });
  const { cache, store, controller } = setup();
  const pushed = await controller.fetch(FeedResource.getList.push, payload);
  expect(pushed).toEqual(Object.assign(new FeedLink(), payload));
  const state = store.getState();
  const byType = controller.getResponse(FeedResource.get, { id: '5', type: 'link' } as { id: string }, state);
  expect(byType.data).toBeInstanceOf(FeedLink);
  expect(byType.data).toEqual(pushed);
  expect(cache.selectQuery(state, FeedUnion, { id: '5', type: 'link' })).toBe(byType.data);
  // Without the discriminator each member is tried; with another one nothing is found.
  expect(cache.selectQuery(state, FeedUnion, { id: '5' })).toBe(byType.data);
  expect(cache.selectQuery(state, FeedUnion, { id: '5', type: 'post' })).toBeUndefined();
  expect(controller.getResponse(FeedResource.get, { id: '6', type: 'link' } as { id: string }, state).data).toBeUndefined();
  expect(server.requests.map((request) => request.method)).toEqual(['POST']);
});
