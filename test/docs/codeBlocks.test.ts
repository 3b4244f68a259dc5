// Every ```ts and ```tsx block of README.md and docs/*.md type-checks, so the docs cannot drift from the code.
//
// The convention a doc follows (also in docs/README.md, "Writing docs"):
// - each `ts`/`tsx` block is its own module, with its own imports (`rest-slice`, `rest-slice/react`,
//   `@reduxjs/toolkit`, `react`, ...), checked under tsconfig.json (strict, jsx react-jsx);
// - a block whose info string is `ts continued` (or `tsx continued`) is appended to the previous checked
//   block of the same file, for a walkthrough that builds on what came before;
// - a block whose first line is `// store.ts` is the module `./store` of that doc, which other blocks of
//   the same doc may import (as a reader's app would);
// - blocks in js (console snippets), sh, bash, json, jsonc, text, diff, ... are not checked; a block with no language or an
//   unknown one fails, so none is skipped by mistake;
// - an intentional error is marked `// @ts-expect-error` inside the block.
// A failure reads `docs/x.md:LINE: TS2345 message`, LINE being the line in the Markdown file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocs, extractBlocks } from './codeBlocks';

const root = join(__dirname, '..', '..');
const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

// Blocks that must fail, checked in the same Program: a checker that passes everything would pass the docs too.
const fixtures: Record<string, string> = {
  'fixture:broken.md': [
    '# A broken doc', // 1
    '', // 2
    '```ts', // 3
    "import { createResource } from 'rest-slice';", // 4
    "const n: number = 'one';", // 5
    'createResource;', // 6
    '```', // 7
    '', // 8
    '```ts continued', // 9
    'n.toFixed(2);', // 10
    'undefinedName;', // 11
    '```', // 12
    '', // 13
    '```tsx', // 14
    '// @ts-expect-error the string is intended', // 15
    "const m: number = 'two';", // 16
    'const el = <div>{m}</div>;', // 17
    '```', // 18
    '', // 19
    '```typescript', // 20
    'anything', // 21
    '```', // 22
  ].join('\n'),
  'fixture:modules.md': [
    '```ts', // 1
    '// store.ts', // 2
    'export const answer = 42;', // 3
    '```', // 4
    '', // 5
    '```ts', // 6
    "import { answer } from './store';", // 7
    'const s: string = answer;', // 8
    '```', // 9
  ].join('\n'),
};

const docs = Object.fromEntries(docFiles.map((doc) => [doc, readFileSync(join(root, doc), 'utf8')]));
let results: Record<string, string[]>;

beforeAll(() => {
  results = checkDocs(root, { ...docs, ...fixtures });
}, 120_000);

describe('code blocks of the docs type-check', () => {
  it.each(docFiles)('%s', (doc) => {
    expect(results[doc]).toEqual([]);
  });

  it('finds blocks in every doc that has TypeScript', () => {
    expect(extractBlocks(docs['README.md']).some((block) => block.lang === 'ts')).toBe(true);
  });
});

describe('the checker', () => {
  it('reports type errors at their Markdown line, continued blocks included, and unknown languages', () => {
    expect(results['fixture:broken.md']).toEqual([
      'fixture:broken.md:20: code block language `typescript` is neither checked (ts, tsx) nor known to be unchecked (js, sh, bash, shell, console, json, jsonc, text, diff, http, html, css, yaml); give the block its language',
      "fixture:broken.md:5: TS2322 Type 'string' is not assignable to type 'number'.",
      // TypeScript adds "Did you mean" (TS2552) to the first few such errors of a program only.
      expect.stringMatching(/^fixture:broken\.md:11: TS(2304|2552) Cannot find name 'undefinedName'\./),
    ]);
  });

  it('lets a block import another block of the same doc by its `// name.ts` line', () => {
    expect(results['fixture:modules.md']).toEqual([
      "fixture:modules.md:8: TS2322 Type 'number' is not assignable to type 'string'.",
    ]);
  });
});
