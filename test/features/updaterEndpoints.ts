// The endpoints the `updaters()` tests share: a plain list (not a Collection), a second list, and a create
// that adds to both through `update`, as Data Client 0.9 code writes it.
import { RestEndpoint } from 'rest-slice';
import { Todo } from '../fixtures/Todo';

export function updaterEndpoints(urlPrefix: string, options: { optimistic?: boolean } = {}) {
  const list = new RestEndpoint({ urlPrefix, path: '/todos', schema: [Todo], name: 'Todo.list' });
  const done = new RestEndpoint({ urlPrefix, path: '/done', schema: [Todo], name: 'Todo.done' });
  const create = new RestEndpoint({
    urlPrefix,
    path: '/todos',
    method: 'POST',
    schema: Todo,
    name: 'Todo.create',
    body: {} as { id?: number; title: string },
    update: (newId: string) => ({
      [list.key()]: (ids: string[] = []) => [...ids, newId],
      [done.key()]: (ids: string[] = []) => [newId, ...ids],
    }),
    ...(options.optimistic ? { getOptimisticResponse: (_snap: unknown, body: { id?: number; title: string }) => body } : {}),
  });
  return { list, done, create };
}
