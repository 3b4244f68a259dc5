// A late tab merges a peer's copy (its answer to `hello`) by the rules the reducers apply to answers: for
// one key, whatever answers each tab saw, the merged copy is what one tab that saw them all holds.
import fc from 'fast-check';
import { createRestCache, type RestCacheState } from 'rest-slice';
import { crossTabStateCase, mergeTabState, tabStateOf } from '../../src/features/crossTab/tabState';
import { propertyParameters } from '../property/runs';

const { actions, reducer } = createRestCache({ reducerPath: 'merge' });
const key = 'GET /todo';
type Answer = { fetchedAt: number; ok: boolean };

const answer = ({ fetchedAt, ok }: Answer) =>
  ok
    ? actions.setResponse({ endpoint: 'test', key, args: [], fetchedAt, date: fetchedAt + 100, expiresAt: fetchedAt + 1_000, result: `r${fetchedAt}`, entities: {}, entitiesMeta: {} })
    : actions.setError({ endpoint: 'test', key, args: [], fetchedAt, date: fetchedAt + 100, expiresAt: fetchedAt + 500, error: { name: 'Error', message: `e${fetchedAt}`, status: 500 }, errorPolicy: 'soft' });

const apply = (answers: readonly Answer[]): RestCacheState => answers.reduce((state, each) => reducer(state, answer(each)), reducer(undefined, { type: '@@INIT' }));

function merged(mine: RestCacheState, peer: RestCacheState): RestCacheState {
  const payload = mergeTabState(mine, tabStateOf(peer, (id) => id), () => undefined, () => true);
  return crossTabStateCase(mine, { type: 'merge/crossTabState', payload });
}

const keyOf = (state: RestCacheState) => ({ result: state.endpoints[key], meta: state.meta[key] });

it('a peer whose newer failure sits over an older result: the late tab keeps its own newer result beneath that failure', () => {
  const mine = apply([{ fetchedAt: 2, ok: true }]);
  const peer = apply([{ fetchedAt: 1, ok: true }, { fetchedAt: 3, ok: false }]);
  expect(keyOf(merged(mine, peer))).toEqual({
    result: 'r2',
    meta: { fetchedAt: 2, errorAt: 3, date: 103, expiresAt: 503, error: { name: 'Error', message: 'e3', status: 500 }, errorPolicy: 'soft' },
  });
});

it('property: the merged key equals one tab that saw both tabs\' answers', () => {
  const answers = fc.uniqueArray(fc.record({ fetchedAt: fc.integer({ min: 1, max: 40 }), ok: fc.boolean() }), { selector: (each) => each.fetchedAt, minLength: 2, maxLength: 8 });
  fc.assert(
    fc.property(answers, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (all, sides) => {
      const mineAnswers = all.filter((_, index) => sides[index]);
      const peerAnswers = all.filter((_, index) => !sides[index]);
      fc.pre(peerAnswers.length > 0);
      const byStamp = (list: Answer[]) => [...list].sort((a, b) => a.fetchedAt - b.fetchedAt);
      expect(keyOf(merged(apply(byStamp(mineAnswers)), apply(byStamp(peerAnswers))))).toEqual(keyOf(apply(byStamp(all))));
    }),
    propertyParameters(300),
  );
});
