// The slice's reducer as a pure function of (state, action): what each rule leaves in the state.
// Actions are made by the cache's own action creators, as a replayed DevTools log would bring them.
import fc from 'fast-check';
import { createRestCache, type RestCacheState } from 'rest-slice';
import { propertyParameters } from '../property/runs';

const cache = createRestCache({ reducerPath: 'rules' });
const { actions, reducer } = cache;
const init = (): RestCacheState => reducer(undefined, { type: '@@INIT' });

function fetchAction(key: string, fetchedAt: number, sideEffect: boolean, requestId = `r-${key}-${fetchedAt}`) {
  return actions.fetch({ endpoint: 'test', key, args: [], fetchedAt, optimistic: false, sideEffect }, { requestId });
}

describe('rest/fetch', () => {
  it('records the request in flight with its fetchedAt', () => {
    const state = reducer(init(), fetchAction('GET /a', 10, false));
    expect(state.inflight).toEqual({ 'GET /a': 10 });
  });

  it('a read of a key already in flight shares it: the state stays the same object', () => {
    const first = reducer(init(), fetchAction('GET /a', 10, false));
    expect(reducer(first, fetchAction('GET /a', 11, false))).toBe(first);
  });

  it('a write of a key in flight is recorded again (writes are never shared)', () => {
    const first = reducer(init(), fetchAction('PATCH /a', 10, true));
    const second = reducer(first, fetchAction('PATCH /a', 11, true));
    expect(second).not.toBe(first);
    expect(second.inflight).toEqual({ 'PATCH /a': 11 });
  });

  it('a fetch triggered before the last reset is ignored', () => {
    const reset = reducer(init(), actions.reset({ date: 100 }));
    expect(reducer(reset, fetchAction('GET /a', 99, false))).toBe(reset);
    expect(reducer(reset, fetchAction('GET /a', 100, false)).inflight).toEqual({ 'GET /a': 100 });
  });
});

describe('rest/optimistic', () => {
  const optimistic = (key: string, fetchedAt: number, requestId: string) =>
    actions.optimistic({ endpoint: 'test', key, args: [{ id: 1 }], fetchedAt, requestId });

  it('keeps pending updates in fetchedAt order, equal stamps in dispatch order', () => {
    let state = init();
    state = reducer(state, optimistic('PATCH /1', 20, 'b'));
    state = reducer(state, optimistic('PATCH /1', 10, 'a'));
    state = reducer(state, optimistic('PATCH /1', 20, 'c'));
    state = reducer(state, optimistic('PATCH /1', 15, 'd'));
    expect(state.optimistic.map((entry) => entry.requestId)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('one triggered before the last reset is ignored', () => {
    const reset = reducer(init(), actions.reset({ date: 50 }));
    expect(reducer(reset, optimistic('PATCH /1', 49, 'x'))).toBe(reset);
  });

  it('the same request again is one entry (a replayed log, another tab\'s relay of one a copy brought), and its answer removes it', () => {
    const once = reducer(init(), optimistic('PATCH /1', 10, 'a'));
    expect(reducer(once, optimistic('PATCH /1', 10, 'a'))).toBe(once);
    const answered = reducer(once, actions.setResponse({ endpoint: 'test', key: 'PATCH /1', args: [{ id: 1 }], fetchedAt: 10, requestId: 'a', date: 12, expiresAt: 12, result: null, entities: {}, entitiesMeta: {} } as never));
    expect(answered.optimistic).toEqual([]);
  });
});

describe('rest/setError', () => {
  const setError = (fetchedAt: number, expiresAt: number, keepsExpiry?: true) =>
    actions.setError({
      endpoint: 'test',
      key: 'GET /list',
      args: [],
      fetchedAt,
      date: fetchedAt + 1,
      expiresAt,
      error: { name: 'Error', message: 'down', status: 500 },
      ...(keepsExpiry ? { keepsExpiry } : {}),
    });

  it('sets the error expiry, or keeps the stored expiry when asked (a failed page of a loaded list)', () => {
    const loaded = reducer(
      init(),
      actions.setResponse({ endpoint: 'test', key: 'GET /list', args: [], fetchedAt: 10, date: 11, expiresAt: 6_000, result: [], entities: {}, entitiesMeta: {} }),
    );
    expect(reducer(loaded, setError(20, 1_000)).meta['GET /list'].expiresAt).toBe(1_000);
    expect(reducer(loaded, setError(20, 1_000, true)).meta['GET /list'].expiresAt).toBe(6_000);
    // Nothing stored yet: the error's own expiry, even when asked to keep.
    expect(reducer(init(), setError(20, 1_000, true)).meta['GET /list'].expiresAt).toBe(1_000);
  });
});

describe('rest/invalidate and rest/expireAll', () => {
  it('with no keys leave the state the same object', () => {
    const state = init();
    expect(reducer(state, actions.invalidate({ keys: [] }))).toBe(state);
    expect(reducer(state, actions.expireAll({ keys: [] }))).toBe(state);
  });
});

describe('the slice selector', () => {
  it.each([
    ['null', null],
    ['a number', 5],
    ['an object without tables', { other: true }],
    ['missing', undefined],
  ])('reads a root state whose slice is %s as empty, warning once', (_name, slice) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = createRestCache({ reducerPath: `rules${String(_name).replace(/\W/g, '')}` });
    const root = slice === undefined ? {} : { [other.reducerPath]: slice };
    expect(other.selectCacheState(root)).toEqual(init());
    expect(other.selectEntities(root, class Nothing {} as never)).toEqual([]);
    other.selectCacheState(root);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(`no cache state at \`${other.reducerPath}\``);
    warn.mockRestore();
  });
});

describe('a key\'s result and error, whatever order the answers arrive in', () => {
  const key = 'GET /todo';
  type Answer = { fetchedAt: number; ok: boolean };
  const answer = ({ fetchedAt, ok }: Answer) =>
    ok
      ? actions.setResponse({ endpoint: 'test', key, args: [], fetchedAt, date: fetchedAt + 100, expiresAt: fetchedAt + 1_000, result: `r${fetchedAt}`, entities: {}, entitiesMeta: {} })
      : actions.setError({ endpoint: 'test', key, args: [], fetchedAt, date: fetchedAt + 100, expiresAt: fetchedAt + 500, error: { name: 'Error', message: `e${fetchedAt}`, status: 500 }, errorPolicy: 'soft' });
  const apply = (answers: readonly Answer[]) => {
    const state = answers.reduce((current, each) => reducer(current, answer(each)), init());
    return { result: state.endpoints[key], meta: state.meta[key] };
  };

  it('an older result answered after a newer failure is kept beneath that failure, as in the other order', () => {
    const inOrder = apply([{ fetchedAt: 1, ok: true }, { fetchedAt: 2, ok: false }]);
    expect(inOrder).toEqual({
      result: 'r1',
      meta: { fetchedAt: 1, errorAt: 2, date: 102, expiresAt: 502, error: { name: 'Error', message: 'e2', status: 500 }, errorPolicy: 'soft' },
    });
    expect(apply([{ fetchedAt: 2, ok: false }, { fetchedAt: 1, ok: true }])).toEqual(inOrder);
  });

  it('an older failure neither hides a newer result nor replaces a newer failure', () => {
    expect(apply([{ fetchedAt: 3, ok: true }, { fetchedAt: 2, ok: false }])).toEqual(apply([{ fetchedAt: 3, ok: true }]));
    const twoFailures = apply([{ fetchedAt: 1, ok: true }, { fetchedAt: 3, ok: false }, { fetchedAt: 2, ok: false }]);
    expect(twoFailures.meta.error?.message).toBe('e3');
    expect(twoFailures.meta.errorAt).toBe(3);
  });

  it('a result fetched after the failure clears it; one fetched before leaves it shown', () => {
    expect(apply([{ fetchedAt: 1, ok: true }, { fetchedAt: 3, ok: false }, { fetchedAt: 4, ok: true }]).meta).toEqual({ fetchedAt: 4, date: 104, expiresAt: 1_004 });
    const beneath = apply([{ fetchedAt: 1, ok: true }, { fetchedAt: 3, ok: false }, { fetchedAt: 2, ok: true }]);
    expect(beneath.result).toBe('r2');
    expect(beneath.meta).toMatchObject({ fetchedAt: 2, errorAt: 3, error: { message: 'e3' } });
  });

  it('with no result, the meta carries the stamp of the latest failure', () => {
    expect(apply([{ fetchedAt: 3, ok: false }, { fetchedAt: 5, ok: false }]).meta).toMatchObject({ fetchedAt: 5, error: { message: 'e5' } });
    expect(apply([{ fetchedAt: 5, ok: false }, { fetchedAt: 3, ok: false }]).meta).toMatchObject({ fetchedAt: 5, error: { message: 'e5' } });
  });

  it('property: any arrival order of answers with distinct stamps ends as the answers in fetch order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ fetchedAt: fc.integer({ min: 1, max: 40 }), ok: fc.boolean() }), { selector: (each) => each.fetchedAt, minLength: 1, maxLength: 7 }),
        (answers) => {
          const inFetchOrder = apply([...answers].sort((a, b) => a.fetchedAt - b.fetchedAt));
          expect(apply(answers)).toEqual(inFetchOrder);
        },
      ),
      propertyParameters(200),
    );
  });
});
