// docs/testing.md's jsdom environment is the one rest-slice's React tests run in (test/react/environment.ts):
// the same code, so the recipe a reader copies is the one the suite exercises.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockCode } from './runBlock';

/** The code without comments and blank lines. */
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'))
    .join('\n');

it('docs/testing.md shows the environment the React tests use', () => {
  const block = blockCode('docs/testing.md', 'jsdomWithFetch.ts');
  const used = readFileSync(join(__dirname, '..', 'react', 'environment.ts'), 'utf8');
  expect(code(block)).toBe(code(used));
});
