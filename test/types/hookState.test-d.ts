// Type tests for the Redux Toolkit Query-style hooks (`useRequest`, `useMutation`) and the options-first
// forms of the polling hooks, checked by `tsc --noEmit` (never run by jest).
import { createResource, Entity, type Controller, type PollOptions } from 'rest-slice';
import { useLive, useMutation, useRequest, useSubscription, type MutationResult, type MutationTrigger, type RequestResult } from 'rest-slice/react';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  pk() {
    return this.id?.toString();
  }
  static override key = 'Todo';
}

const TodoResource = createResource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo, searchParams: {} as { page?: number } });

export function typeChecks(page: number | null, controller: Controller) {
  const list = useRequest(TodoResource.getList, { page: 1 });
  const polled = useRequest({ pollFrequency: 5_000 }, TodoResource.get, { id: 1 });
  const skippable = useRequest(TodoResource.getList, page === null ? null : { page });
  const [rename, renameState] = useMutation(TodoResource.partialUpdate);
  const [remove] = useMutation(TodoResource.delete);
  const live = useLive({ pollFrequency: 1_000 }, TodoResource.get, { id: 1 });
  const maybeLive = useLive({ pollFrequency: 1_000 }, TodoResource.get, page === null ? null : { id: page });
  useSubscription({ pollFrequency: 0 }, TodoResource.getList);
  useSubscription(TodoResource.getList, null);
  void controller.subscribe({ pollFrequency: 100 }, TodoResource.get, { id: 1 });
  void controller.unsubscribe({ pollFrequency: 100 }, TodoResource.get, { id: 1 });

  // @ts-expect-error `id` is required by the path, in the options-first form too
  useRequest({ pollFrequency: 5_000 }, TodoResource.get, {});
  // @ts-expect-error options come first, not after the args
  useRequest(TodoResource.get, { id: 1 }, { pollFrequency: 5_000 });
  // @ts-expect-error `pollFrequency` is a number of ms
  useSubscription({ pollFrequency: '5s' }, TodoResource.getList);
  // @ts-expect-error a partial update takes the params and the body
  void rename({ title: 'x' });
  // @ts-expect-error the trigger's data is the endpoint's
  const wrong: MutationResult<string> = renameState;
  // @ts-expect-error useRequest's result is read-only
  list.isFetching = true;

  return [
    wrong,
    true as Expect<Equal<typeof list, RequestResult<Todo[]>>>,
    true as Expect<Equal<typeof list.data, Todo[] | undefined>>,
    true as Expect<Equal<typeof list.currentData, Todo[] | undefined>>,
    true as Expect<Equal<typeof list.error, Error | undefined>>,
    true as Expect<Equal<typeof list.isLoading | typeof list.isFetching | typeof list.isSuccess | typeof list.isError | typeof list.isUninitialized, boolean>>,
    true as Expect<Equal<typeof list.refetch, () => Promise<Todo[]>>>,
    true as Expect<Equal<typeof polled.data, Todo | undefined>>,
    true as Expect<Equal<typeof skippable, RequestResult<Todo[]>>>,
    true as Expect<Equal<typeof rename, MutationTrigger<typeof TodoResource.partialUpdate>>>,
    true as Expect<Equal<ReturnType<typeof rename>, Promise<Todo>>>,
    true as Expect<Equal<Parameters<typeof rename>, Parameters<typeof TodoResource.partialUpdate>>>,
    true as Expect<Equal<typeof renameState, MutationResult<Todo>>>,
    true as Expect<Equal<typeof renameState.data, Todo | undefined>>,
    true as Expect<Equal<typeof renameState.reset, () => void>>,
    true as Expect<Equal<typeof remove, MutationTrigger<typeof TodoResource.delete>>>,
    true as Expect<Equal<typeof live, Todo>>,
    true as Expect<Equal<typeof maybeLive, Todo | undefined>>,
    true as Expect<Equal<PollOptions, { readonly pollFrequency?: number }>>,
  ] as const;
}
