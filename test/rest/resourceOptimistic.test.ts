// The defaults `optimistic: true` gives a resource, seen through a store while the server holds
// the request: they reach endpoints extended from `getList`, and `partialUpdate` shows the cached
// item with the change when the path params do not hold its pk.
import { Entity, createResource, type SnapshotInterface } from 'rest-slice';
import { setup, storeServerForEachTest, Todo } from '../store/helpers';

const server = storeServerForEachTest([{ id: 1, title: 'one' }]);

function todos() {
  return createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, optimistic: true });
}

describe('endpoints extended from an optimistic resource’s getList', () => {
  it('keep the list members’ defaults: the body for push, unshift, assign and remove, params and body for move', () => {
    const R = todos();
    const snap = {} as SnapshotInterface;
    const derived = [
      R.getList.extend({ path: '/v2/todos' }),
      R.extend((base) => ({ getList: base.getList.extend({ path: '/v2/todos' }) })).getList,
      R.extend({ getList: { path: '/v2/todos' } }).getList,
    ];
    const body = { id: -1, title: 'soon' };
    for (const list of derived) {
      expect([list.push, list.unshift, list.assign, list.remove].map((member) => member.getOptimisticResponse?.(snap, {}, body))).toEqual([
        body,
        body,
        body,
        body,
      ]);
      expect(list.move.getOptimisticResponse?.(snap, { id: 1 }, { completed: true })).toEqual({ id: 1, completed: true });
    }
  });

  it('a push through one shows its item in that list before the server answers', async () => {
    server.route('GET', '/v2/todos', () => ({ json: [{ id: 7, title: 'seven' }] }));
    server.route('POST', '/v2/todos', (request) => ({ status: 201, json: { ...(request.body as object), id: 8 } }));
    const R = todos().extend((base) => ({ getList: base.getList.extend({ path: '/v2/todos' }) }));
    const { controller, store } = setup();
    await controller.fetch(R.getList);
    server.hold();
    const pushing = controller.fetch(R.getList.push, { id: -1, title: 'soon' });
    await server.waitForHeld(1);
    const shown = () => controller.getResponse(R.getList, store.getState()).data?.map((todo) => [todo.id, todo.title]);
    expect(shown()).toEqual([
      [7, 'seven'],
      [-1, 'soon'],
    ]);
    await server.releaseAll();
    await pushing;
    expect(shown()).toEqual([
      [7, 'seven'],
      [8, 'soon'],
    ]);
  });
});

describe('optimistic partialUpdate when the path params do not hold the pk', () => {
  class Comment extends Entity {
    id = 0;
    postId = 0;
    text = '';
    pk() {
      return String(this.id);
    }
    static override key = 'Comment';
  }

  function comments() {
    const stored = { id: 5, postId: 1, text: 'first' };
    server.route('GET', '/posts/:postId/comments/:commentId', () => ({ json: stored }));
    server.route('PATCH', '/posts/:postId/comments/:commentId', (request) => ({ json: Object.assign(stored, request.body) }));
    return createResource({ urlPrefix: server.url, path: '/posts/:postId/comments/:commentId', schema: Comment, optimistic: true });
  }

  it('shows the cached item with the body’s fields at once (params, then the cached item, then the body)', async () => {
    const R = comments();
    const { controller, store } = setup();
    await controller.fetch(R.get, { postId: 1, commentId: 5 });
    server.hold();
    const saving = controller.fetch(R.partialUpdate, { postId: 1, commentId: 5 }, { text: 'edited' });
    await server.waitForHeld(1);
    const shown = () => controller.getResponse(R.get, { postId: 1, commentId: 5 }, store.getState()).data;
    // The params are part of the guess (as in Data Client), so `commentId` shows beside the fields until the answer.
    expect(shown()).toEqual(Comment.fromJS({ id: 5, postId: 1, text: 'edited', commentId: 5 } as Partial<Comment>));
    await server.releaseAll();
    await expect(saving).resolves.toEqual(Comment.fromJS({ id: 5, postId: 1, text: 'edited' }));
    expect(shown()).toEqual(Comment.fromJS({ id: 5, postId: 1, text: 'edited' }));
  });

  it('shows nothing before the server answers while the item is not cached', async () => {
    const R = comments();
    const { controller, store } = setup();
    server.hold();
    const saving = controller.fetch(R.partialUpdate, { postId: 1, commentId: 5 }, { text: 'edited' });
    await server.waitForHeld(1);
    expect(controller.getResponse(R.get, { postId: 1, commentId: 5 }, store.getState()).data).toBeUndefined();
    await server.releaseAll();
    await expect(saving).resolves.toEqual(Comment.fromJS({ id: 5, postId: 1, text: 'edited' }));
  });
});
