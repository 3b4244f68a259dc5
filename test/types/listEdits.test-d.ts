// Type tests of the list edits: `Collection.remove` / `move`, `RestEndpoint.remove` / `move`
// and a resource's `getList.remove` / `getList.move`. Checked by `tsc --noEmit` (never run by jest).
import {
  createResource,
  Entity,
  RestEndpoint,
  schema,
  type CollectionMover,
  type CollectionRemover,
  type Denormalize,
  type MoveSchema,
  type RemoveSchema,
} from 'rest-slice';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  userId = 0;
  pk() {
    return this.id?.toString();
  }
  static override key = 'Todo';
}
type TodoJSON = { id: number | undefined; title: string; userId: number };

const Todos = new schema.Collection([Todo]);
export type SchemaCases = [
  Expect<Equal<typeof Todos.remove, CollectionRemover<(typeof Todo)[]>>>,
  Expect<Equal<typeof Todos.move, CollectionMover<(typeof Todo)[]>>>,
  Expect<Equal<Denormalize<typeof Todos.remove>, Todo>>,
  Expect<Equal<Denormalize<typeof Todos.move>, Todo>>,
  Expect<Equal<RemoveSchema<{ data: typeof Todos }>, CollectionRemover<(typeof Todo)[]>>>,
  Expect<Equal<MoveSchema<{ page: number; results: typeof Todos }>, CollectionMover<(typeof Todo)[]>>>,
];

const getTodos = new RestEndpoint({ path: '/todos', schema: Todos, searchParams: {} as { userId?: number } });
export type EndpointCases = [
  Expect<Equal<(typeof getTodos.remove)['method'], 'PATCH'>>,
  Expect<Equal<(typeof getTodos.move)['method'], 'PATCH'>>,
  Expect<Equal<(typeof getTodos.remove)['schema'], CollectionRemover<(typeof Todo)[]>>>,
  Expect<Equal<Awaited<ReturnType<typeof getTodos.move>>, TodoJSON>>,
];

const TodoResource = createResource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
export type ResourceCases = [
  Expect<Equal<Extract<Parameters<typeof TodoResource.getList.remove>, { length: 2 }>[1], Partial<TodoJSON> | FormData>>,
  Expect<Equal<Parameters<typeof TodoResource.getList.move>, [params: { id: string | number }, body: Partial<TodoJSON> | FormData]>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.getList.remove>>, TodoJSON>>,
  Expect<Equal<Awaited<ReturnType<typeof TodoResource.getList.move>>, TodoJSON>>,
];
void TodoResource.getList.remove({ userId: 1 }, { id: 1 });
void TodoResource.getList.move({ id: 1 }, { userId: 2 });
// @ts-expect-error move PATCHes one item: its path param is required
void TodoResource.getList.move({}, { userId: 2 });
// @ts-expect-error move needs a body
void TodoResource.getList.move({ id: 1 });
// @ts-expect-error the body is the item's fields
void TodoResource.getList.remove({ userId: 1 }, { id: 'one', title: 5 });

const Typed = createResource({ path: '/todos/:id', schema: Todo, body: {} as { title: string; userId: number } });
void Typed.getList.move({ id: 1 }, { userId: 2 });
export type TypedCases = [Expect<Equal<Parameters<typeof Typed.getList.move>[1], { title?: string; userId?: number }>>];
