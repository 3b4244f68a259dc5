// Which param values have no URL form: a string with half of a UTF-16 surrogate pair alone. The check is
// a loop (src/rest/paths.ts says why); it must agree with the language's own test, `isWellFormed`.
import fc from 'fast-check';
import { hasLoneSurrogate } from '../../src/rest/paths';
import { propertyParameters } from '../property/runs';

const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

it.each([
  ['', false],
  ['42', false],
  ['todo-é', false],
  ['\u{1F600}', false],
  ['a\u{1F600}b\u{1F601}', false],
  ['\uD83D', true],
  ['\uDE00', true],
  ['a\uD83Db', true],
  ['\uDE00\uD83D', true],
  ['\u{1F600}\uD83D', true],
  ['\uD83D\uD83D\uDE00', true],
])('%j has a lone surrogate: %s', (text, expected) => {
  expect(hasLoneSurrogate(text)).toBe(expected);
  expect(wellFormed(text)).toBe(!expected);
});

it('agrees with isWellFormed on any UTF-16 text', () => {
  // Code units drawn mostly from the surrogate range, so pairs, halves and their neighbours all come up.
  const unit = fc.oneof(fc.integer({ min: 0xd7ff, max: 0xe000 }), fc.integer({ min: 0, max: 0xffff }));
  const text = fc.array(unit, { maxLength: 8 }).map((codes) => String.fromCharCode(...codes));
  fc.assert(
    fc.property(text, (value) => hasLoneSurrogate(value) === !wellFormed(value)),
    propertyParameters(500),
  );
});
