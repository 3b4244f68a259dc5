// The production error codes: scripts/errors/codes.json maps each code to a message template as written in
// src/, and docs/errors.md lists them. `npm run errors:codes` gives every message in src/ that has no code the
// next free one (a code is never reused or renumbered: a message whose text changes gets a new code, and the
// old one stays listed for apps on older versions), then rewrites the list in docs/errors.md.
// `npm run errors:codes -- --check` changes nothing and fails when either file is out of date (CI).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMessages, PREFIX } from './transform.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The committed table: `{ "<code>": "<message template>" }`. */
export const CODES_FILE = join(root, 'scripts/errors/codes.json');
const DOCS_FILE = join(root, 'docs/errors.md');
const START = '<!-- production error codes: written by `npm run errors:codes` -->';
const END = '<!-- end of production error codes -->';

/** The table as a Map from template to code (a number). */
export function readCodes(file = CODES_FILE) {
  const table = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(Object.entries(table).map(([code, template]) => [template, Number(code)]));
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every message in src/: `{ file, line, template }`, file relative to the repository. */
export function scanSources(dir = join(root, 'src')) {
  return sourceFiles(dir).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    if (!text.includes(PREFIX)) return [];
    const file = relative(root, path);
    return findMessages(text, file).map(({ line, template }) => ({ file, line, template }));
  });
}

/** The "Production error codes" list of docs/errors.md, between its markers. */
export function docsList(codes, current) {
  const lines = [...codes].sort((a, b) => a[1] - b[1]).map(([template, code]) => {
    const retired = current.has(template) ? '' : '  (no longer raised)';
    return `E${code}  ${template}${retired}`;
  });
  return `${START}\n\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n\n${END}`;
}

function withList(docs, list) {
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${relative(root, DOCS_FILE)} lacks the markers of its code list (${START} ... ${END})`);
  return docs.slice(0, start) + list + docs.slice(end + END.length);
}

function main() {
  const check = process.argv.includes('--check');
  const codes = readCodes();
  const messages = scanSources();
  const current = new Set(messages.map((message) => message.template));
  const added = [];
  let next = Math.max(0, ...codes.values()) + 1;
  for (const { template, file, line } of messages) {
    if (codes.has(template)) continue;
    codes.set(template, next);
    added.push(`E${next} ${file}:${line}`);
    next += 1;
  }
  const table = `${JSON.stringify(Object.fromEntries([...codes].map(([template, code]) => [code, template])), null, 2)}\n`;
  const docs = readFileSync(DOCS_FILE, 'utf8');
  const newDocs = withList(docs, docsList(codes, current));
  if (check) {
    const stale = [added.length > 0 && `messages with no code: ${added.join(', ')}`, newDocs !== docs && `${relative(root, DOCS_FILE)} lists other codes`].filter(Boolean);
    if (stale.length > 0) {
      console.error(`[errors:codes] out of date (${stale.join('; ')}): run \`npm run errors:codes\` and commit the result.`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(CODES_FILE, table);
  writeFileSync(DOCS_FILE, newDocs);
  console.log(`${codes.size} codes, ${current.size} in use; new: ${added.length === 0 ? 'none' : added.join(', ')}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
