/** @jest-environment ./test/react/environment.ts */
// Random programs of components mounting, unmounting and changing what they read (useSuspense, useDLE,
// useCache, useLive; a todo, another todo, `null`), with edits and invalidations in between, rendered in
// StrictMode against the real local server. After each step, once the requests it started have landed:
//
// - every mounted component shows what the store holds for its todo (useCache: the stored response, none
//   while missing or invalid), and useSuspense, useDLE and useLive the server's title (every change went
//   through the store, and an invalidated one is fetched again);
// - React logged no warning or error.
//
// At the end every component unmounts; once `keepUnusedDataFor` has passed, a sweep leaves nothing: every
// hook released exactly what it took, whatever its args went through (StrictMode mounts effects twice).
//
// Runs: PROPERTY_RUNS (default 30 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { StrictMode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { createRestCache, ExpiryStatus, type RestCache } from 'rest-slice';
import { RestCacheProvider, useCache, useDLE, useLive, useSuspense } from 'rest-slice/react';
import { makeStore, settled, Todo, type TodoResourceType, type TodoServer, withTodoServer } from '../react/helpers';
import { propertyParameters, propertyTimeout } from './runs';

let api: TodoServer;
let TodoResource: TodoResourceType;
withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

const KEEP = 1_000;
const SLOTS = 3;
const HOOKS = ['suspense', 'dle', 'cache', 'live'] as const;
type Hook = (typeof HOOKS)[number];
type Slot = { hook: Hook; id: number | null } | null;

type Cmd =
  | { op: 'show'; slot: number; hook: Hook; id: number | null }
  | { op: 'hide'; slot: number }
  | { op: 'edit'; id: number; title: string }
  | { op: 'invalidate'; id: number }
  | { op: 'advance'; ms: number };

const id = fc.constantFrom(1, 2, 3, null);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('show' as const), slot: fc.nat(SLOTS - 1), hook: fc.constantFrom(...HOOKS), id }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('hide' as const), slot: fc.nat(SLOTS - 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('edit' as const), id: fc.constantFrom(1, 2, 3), title: fc.constantFrom('red', 'green') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('invalidate' as const), id: fc.constantFrom(1, 2, 3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(10, 500, 2_000) }) },
);

function Reader({ slot, hook, id }: { slot: number; hook: Hook; id: number | null }) {
  const args = id === null ? null : { id };
  let title: string | undefined;
  if (hook === 'suspense') title = useSuspense(TodoResource.get, args)?.title;
  else if (hook === 'dle') title = useDLE(TodoResource.get, args).data?.title;
  else if (hook === 'cache') title = useCache(TodoResource.get, args)?.title;
  else title = useLive(TodoResource.get, args)?.title;
  return <p data-testid={`slot ${slot}`}>{title ?? '-'}</p>;
}

function App({ slots, cache, store }: { slots: readonly Slot[]; cache: RestCache; store: ReturnType<typeof makeStore> }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <RestCacheProvider cache={cache}>
          {slots.map((slot, index) =>
            slot === null ? null : (
              // One boundary per slot: a slot that suspends hides only itself.
              <Suspense key={index} fallback={<p data-testid={`slot ${index}`}>loading</p>}>
                {/* A new hook is a new component; new args are the same one re-rendered. */}
                <Reader key={slot.hook} slot={index} hook={slot.hook} id={slot.id} />
              </Suspense>
            ),
          )}
        </RestCacheProvider>
      </Provider>
    </StrictMode>
  );
}

async function run(program: readonly Cmd[]) {
  let time = 1_700_000_000_000;
  const cache = createRestCache({ reducerPath: 'hooksProperty', now: () => time, keepUnusedDataFor: KEEP, gcInterval: Infinity });
  const store = makeStore(cache);
  const controller = cache.controller(store);
  const slots: Slot[] = Array.from({ length: SLOTS }, () => null);
  const view = render(<App slots={slots} cache={cache} store={store} />);
  const rerender = () => view.rerender(<App slots={[...slots]} cache={cache} store={store} />);
  /** Until no request is in flight and React has rendered what the store holds. */
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await act(() => settled(cache, store));
      await act(() => Promise.resolve());
    }
  };
  const shown = (slot: number) => view.queryByTestId(`slot ${slot}`)?.textContent;

  for (const cmd of program) {
    time += 1;
    if (cmd.op === 'show') {
      slots[cmd.slot] = { hook: cmd.hook, id: cmd.id };
      act(rerender);
    } else if (cmd.op === 'hide') {
      slots[cmd.slot] = null;
      act(rerender);
    } else if (cmd.op === 'edit') {
      await act(() => controller.fetch(TodoResource.partialUpdate, { id: cmd.id }, { title: `${cmd.title} ${time}` }));
    } else if (cmd.op === 'invalidate') {
      await act(() => controller.invalidate(TodoResource.get, { id: cmd.id }));
    } else {
      time += cmd.ms;
      act(rerender);
    }
    await settle();
    slots.forEach((slot, index) => {
      if (slot === null) return;
      // useCache shows the stored response, unless it is missing or invalid (Data Client's useCache).
      const response = slot.id === null ? undefined : controller.getResponse(TodoResource.get, { id: slot.id }, store.getState());
      const stored = response === undefined || response.expiryStatus === ExpiryStatus.Invalid ? undefined : response.data?.title;
      if (slot.hook === 'cache' || slot.id === null) expect({ slot: index, shown: shown(index) }).toEqual({ slot: index, shown: stored ?? '-' });
      else expect({ slot: index, shown: shown(index) }).toEqual({ slot: index, shown: api.todos.get(slot.id)!.title });
    });
  }

  // Everything unmounts: once keepUnusedDataFor has passed, a sweep removes every result and row.
  slots.fill(null);
  act(rerender);
  await settle();
  view.unmount();
  time += KEEP;
  await act(() => controller.gc());
  const state = cache.selectCacheState(store.getState());
  const rows = [1, 2, 3].map((todo) => cache.selectEntity(store.getState(), Todo, todo));
  expect({ endpoints: state.endpoints, meta: state.meta, rows }).toEqual({ endpoints: {}, meta: {}, rows: [undefined, undefined, undefined] });
}

it('components mounting, unmounting and changing args show the store, log nothing, and release all they held', async () => {
  const errors = jest.spyOn(console, 'error');
  const warnings = jest.spyOn(console, 'warn');
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (program) => {
        api.reset();
        try {
          await run(program);
          expect([...errors.mock.calls, ...warnings.mock.calls]).toEqual([]);
        } finally {
          errors.mockClear();
          warnings.mockClear();
          cleanup();
        }
      }),
      propertyParameters(30),
    );
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
  }
}, propertyTimeout(120_000));
