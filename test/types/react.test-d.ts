// Type tests for `rest-slice/react`, checked by `tsc --noEmit` (never run by jest).
// The hooks are only referenced inside a function that is never called.
import { createResource, Entity, RestEndpoint, schema, type Controller } from 'rest-slice';
import { useCache, useController, useDLE, useFetch, useLive, useLoading, useQuery, useSuspense } from 'rest-slice/react';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  completed = false;
  pk() {
    return this.id?.toString();
  }
  static override key = 'Todo';
}

const TodoResource = createResource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });
// No schema: the data is what `process` declares it returns.
const getTitle = new RestEndpoint({ path: '/todos/:id/title', process: (value: { title: string }): string => value.title });
const remaining = new schema.Query(new schema.All(Todo), (todos) => todos.filter((todo) => !todo.completed).length);

export function typeChecks(id: number | null) {
  const todo = useSuspense(TodoResource.get, { id: 1 });
  const list = useSuspense(TodoResource.getList);
  const maybe = useSuspense(TodoResource.get, id === null ? null : { id });
  const skipped = useSuspense(TodoResource.get, null);
  const live = useLive(TodoResource.get, { id: '1' });
  const cached = useCache(TodoResource.get, { id: 1 });
  const dle = useDLE(TodoResource.getList);
  const fetched = useFetch(TodoResource.get, { id: 1 });
  const one = useQuery(Todo, 1);
  const all = useQuery([Todo]);
  const [save, saving, saveError] = useLoading((title: string) => Promise.resolve(title.length));
  const controller = useController();
  const title = useSuspense(getTitle, { id: 1 });
  const queried = useCache(remaining);

  // @ts-expect-error `id` is required by the path
  useSuspense(TodoResource.get, {});
  // @ts-expect-error a body is not an argument of a GET
  useSuspense(TodoResource.get, { id: 1 }, { title: 'x' });
  // @ts-expect-error `[Todo]` takes no pk
  useQuery([Todo], 1);

  return [
    true as Expect<Equal<typeof title, string>>,
    true as Expect<Equal<typeof queried, number | undefined>>,
    true as Expect<Equal<typeof todo, Todo>>,
    true as Expect<Equal<typeof list, Todo[]>>,
    true as Expect<Equal<typeof maybe, Todo | undefined>>,
    true as Expect<Equal<typeof skipped, Todo | undefined>>,
    true as Expect<Equal<typeof live, Todo>>,
    true as Expect<Equal<typeof cached, Todo | undefined>>,
    true as Expect<Equal<typeof dle.data, Todo[] | undefined>>,
    true as Expect<Equal<typeof dle.loading, boolean>>,
    true as Expect<Equal<typeof dle.error, Error | undefined>>,
    true as Expect<Equal<typeof fetched, Promise<Todo> | undefined>>,
    true as Expect<Equal<typeof one, Todo | undefined>>,
    true as Expect<Equal<typeof all, Todo[]>>,
    true as Expect<Equal<typeof save, (title: string) => Promise<number | undefined>>>,
    true as Expect<Equal<typeof saving, boolean>>,
    true as Expect<Equal<typeof saveError, Error | undefined>>,
    true as Expect<Equal<typeof controller, Controller>>,
  ] as const;
}

// The params of a list without path params are an object: `5` is no params (Data Client's type tests reject it too).
const ListedTodos = createResource({ path: '/todos/:id', schema: Todo });
// @ts-expect-error a number is no params object
export const numberToSuspense = () => useSuspense(ListedTodos.getList, 5);
export const filterToSuspense = () => useSuspense(ListedTodos.getList, { userId: 1 });
