// Type tests of infinite lists: `getNextPageParams` / `getPreviousPageParams` / `maxPages`,
// `controller.fetchNextPage`, `selectPages` and the infinite hooks. Checked by `tsc --noEmit`.
import { Entity, RestEndpoint, createRestCache, infinitePages, schema, selectPages, type CursorValue, type PagesInfo } from 'rest-slice';
import { useInfiniteDLE, useInfiniteSuspense } from 'rest-slice/react';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Todo';
}

const Feed = new RestEndpoint({
  path: '/users/:userId/feed',
  searchParams: {} as { cursor?: string },
  schema: { results: new schema.Collection([Todo]), nextCursor: '' as string | null },
  getNextPageParams(last, params) {
    // `last` is the response, `params` the page's params.
    const cursor: string | null = last.nextCursor;
    const userId: string | number = params.userId;
    // @ts-expect-error params are typed: no such param
    void params.missing;
    return cursor === null ? undefined : { ...params, userId, cursor };
  },
  getPreviousPageParams: () => null,
  maxPages: 5,
});

const cache = createRestCache({ features: [infinitePages()] });
declare const store: { dispatch: any; getState(): unknown };
const controller = cache.controller(store);

export async function uses() {
  const data = await controller.fetchNextPage(Feed, { userId: 1 });
  const titles: string[] = data.results.map((todo) => todo.title);
  await controller.fetchPreviousPage(Feed, { userId: 1, cursor: 'a' });
  const pages = selectPages(cache, store.getState(), Feed, { userId: 1 });
  // @ts-expect-error the list's path param is required here too
  selectPages(cache, store.getState(), Feed, {});
  type _ = Expect<Equal<typeof pages, PagesInfo>>;
  const more: boolean = pages.hasNextPage && pages.isFetchingNextPage;
  // @ts-expect-error the list's path param is required
  await controller.fetchNextPage(Feed, {});
  return { titles, more };
}

export function Hooks() {
  const infinite = useInfiniteSuspense(Feed, { userId: 1 });
  const ids: number[] = infinite.data.results.map((todo) => todo.id);
  const next: () => Promise<void> = infinite.fetchNextPage;
  const dle = useInfiniteDLE(Feed, null);
  const maybe: number[] | undefined = dle.data?.results.map((todo) => todo.id);
  const flags: boolean[] = [dle.loading, dle.hasPreviousPage, dle.isFetchingPreviousPage];
  // @ts-expect-error the Suspense form has no `null` skip
  useInfiniteSuspense(Feed, null);
  return { ids, next, maybe, flags, error: dle.error };
}

new RestEndpoint({
  path: '/feed',
  schema: new schema.Collection([Todo]),
  // @ts-expect-error getNextPageParams returns params (an object) or undefined/null, not a cursor string
  getNextPageParams: () => 'abc',
});

new RestEndpoint({
  path: '/feed',
  schema: new schema.Collection([Todo]),
  // @ts-expect-error maxPages is a number
  maxPages: '2',
});

// `getPage` exists only with `paginationField` (reading it without one throws; its type is `never`).
const Paged = new RestEndpoint({ path: '/todos', schema: new schema.Collection([Todo]), paginationField: 'page' });
export const pagedNext = () => Paged.getPage({ page: 2 });
export type GetPageCases = [Expect<Equal<Parameters<typeof Paged.getPage>[0], { page: CursorValue }>>];
// @ts-expect-error no paginationField: no getPage to call
export const unpagedNext = () => Feed.getPage({ cursor: 'a' });
// @ts-expect-error also after an extend that does not add one
export const extendedUnpaged = () => Feed.extend({ dataExpiryLength: 10 }).getPage({ cursor: 'a' });

// A method whose `last` is annotated (narrower than the response) does not decide the endpoint's data type:
// the schema does (`lastResponse` is not an inference site).
const Annotated = new RestEndpoint({
  path: '/items',
  searchParams: {} as { page: number },
  schema: { items: new schema.Collection([Todo]), serverTime: 0, hasMore: false },
  getNextPageParams(last: { hasMore: boolean }, params: { page: number }) {
    return last.hasMore ? { page: params.page + 1 } : undefined;
  },
});
export type AnnotatedDataKeepsTheSchema = Expect<Equal<Awaited<ReturnType<typeof Annotated>>['serverTime'], number>>;
