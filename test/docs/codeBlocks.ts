/**
 * Extracts the TypeScript code blocks of Markdown files and type-checks them with the compiler API,
 * under the project's tsconfig.json (strict, `jsx: react-jsx`, `rest-slice` → src/index.ts,
 * `rest-slice/react` → src/react/index.ts). The rules a doc follows are in docs/README.md
 * ("Writing docs") and at the top of codeBlocks.test.ts.
 */
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** Info strings of blocks that are not checked. Any other language fails, so no block is skipped by a typo. */
export const UNCHECKED_LANGUAGES = [
  // Plain JavaScript, for snippets pasted elsewhere (a browser console); code a reader builds on is `ts`.
  'js',
  'sh',
  'bash',
  'shell',
  'console',
  'json',
  'jsonc',
  'text',
  'diff',
  'http',
  'html',
  'css',
  'yaml',
];

/** One fenced block of a Markdown file. `line` is the 1-based line of its first content line. */
export interface CodeBlock {
  lang: string;
  continued: boolean;
  line: number;
  code: string;
}

/** A problem in a doc, as `docs/x.md:LINE: message`. */
export type DocError = string;

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/;

/** Every fenced code block of `markdown`, in order. */
export function extractBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      const trimmed = line.trimStart();
      if (trimmed.startsWith(fence) && trimmed.slice(fence.length).trim() === '' && trimmed[0] === fence[0]) break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    blocks.push({ lang, continued: rest.trim() === 'continued', line: i + 2, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** A TypeScript module made of one block, or of a block and the `continued` blocks after it. */
export interface VirtualModule {
  fileName: string;
  text: string;
  /** For each line of `text`, the line of the doc it came from. */
  docLines: number[];
}

const NAMED_BLOCK = /^\/\/ ([\w.-]+\.tsx?)\s*$/;

/**
 * The modules a doc's blocks make: each `ts`/`tsx` block is its own module (named by a first line
 * `// store.ts`, so that other blocks of the same doc can import `./store`), and a `ts continued` block
 * is appended to the previous checked block. `errors` gets the doc's own mistakes (an unknown language, a
 * `continued` block with nothing before it, two blocks with one name).
 */
function modulesOf(doc: string, markdown: string, dir: string, errors: DocError[]): VirtualModule[] {
  const modules: VirtualModule[] = [];
  const names = new Set<string>();
  for (const block of extractBlocks(markdown)) {
    const fenceLine = block.line - 1;
    if (block.lang === 'ts' || block.lang === 'tsx') {
      const lines = block.code.split('\n');
      const docLines = lines.map((_, k) => block.line + k);
      const previous = modules[modules.length - 1];
      if (block.continued) {
        if (!previous) {
          errors.push(`${doc}:${fenceLine}: a \`${block.lang} continued\` block needs a checked block before it`);
          continue;
        }
        previous.text += `\n${block.code}`;
        previous.docLines.push(...docLines);
        if (block.lang === 'tsx' && previous.fileName.endsWith('.ts')) previous.fileName += 'x';
        continue;
      }
      const named = NAMED_BLOCK.exec(lines[0]);
      let base = `block-${block.line}.${block.lang}`;
      if (named) {
        base = named[1].endsWith(`.${block.lang}`) ? named[1] : `${named[1].replace(/\.tsx?$/, '')}.${block.lang}`;
        if (names.has(base.replace(/\.tsx?$/, ''))) {
          errors.push(`${doc}:${fenceLine}: two blocks are named \`${named[1]}\`; give each module one block`);
          continue;
        }
        names.add(base.replace(/\.tsx?$/, ''));
      }
      modules.push({ fileName: join(dir, base), text: block.code, docLines });
    } else if (!UNCHECKED_LANGUAGES.includes(block.lang)) {
      errors.push(
        `${doc}:${fenceLine}: code block language \`${block.lang || '(none)'}\` is neither checked (ts, tsx) ` +
          `nor known to be unchecked (${UNCHECKED_LANGUAGES.join(', ')}); give the block its language`,
      );
    }
  }
  return modules;
}

function projectOptions(root: string): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  return { ...parsed.options, noEmit: true };
}

/** The TypeScript modules the blocks of every doc make, by file name (under `dir`), with the doc each comes from. */
export interface DocModules {
  modules: Map<string, { doc: string; module: VirtualModule }>;
  /** The problems of each doc found while extracting (an empty list when it has none). */
  errors: Record<string, DocError[]>;
}

/**
 * The modules of every doc's blocks, each under `dir/<doc>/` (so `./store` resolves within its doc). `docs`
 * maps a doc's name (as reported, e.g. `docs/react.md`) to its Markdown. Used by `checkDocs` and by the
 * check under other compilers (scripts/typecheck-range.mjs), which writes them to disk.
 */
export function docModules(dir: string, docs: Record<string, string>): DocModules {
  const errors: Record<string, DocError[]> = {};
  const modules = new Map<string, { doc: string; module: VirtualModule }>();
  for (const [doc, markdown] of Object.entries(docs)) {
    errors[doc] = [];
    for (const module of modulesOf(doc, markdown, join(dir, doc.replace(/[^\w.-]/g, '_')), errors[doc])) {
      // Every block is a module (its own scope; top-level await allowed).
      module.text += '\nexport {};\n';
      modules.set(module.fileName, { doc, module });
    }
  }
  return { modules, errors };
}

/** The line of `doc` that line `line` (0-based) of a module came from. */
export function docLineOf(module: VirtualModule, line: number): number {
  return module.docLines[line] ?? module.docLines[module.docLines.length - 1];
}

/**
 * Type-checks the blocks of every doc in one Program. `docs` maps a doc's name (as reported, e.g.
 * `docs/react.md`) to its Markdown. Returns the problems of each doc (an empty list when it is clean).
 */
export function checkDocs(root: string, docs: Record<string, string>): Record<string, DocError[]> {
  // A directory per doc under the project root, so `./store` resolves within the doc and packages
  // resolve from the project's node_modules. Nothing is written to disk.
  const { modules, errors } = docModules(join(root, '.docs-check'), docs);

  const options = projectOptions(root);
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const virtual = modules.get(fileName);
    if (virtual) return ts.createSourceFile(fileName, virtual.module.text, languageVersion, true);
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => modules.has(fileName) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => modules.get(fileName)?.module.text ?? readFile(fileName);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) =>
    [...modules.keys()].some((file) => dirname(file) === name) || (directoryExists?.(name) ?? ts.sys.directoryExists(name));

  const program = ts.createProgram({ rootNames: [...modules.keys()], options, host });
  for (const [fileName, { doc, module }] of modules) {
    const source = program.getSourceFile(fileName)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    for (const diagnostic of diagnostics) {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const docLine = docLineOf(module, line);
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      errors[doc].push(`${doc}:${docLine}: TS${diagnostic.code} ${message.split(join(root, '.docs-check') + '/').join('')}`);
    }
  }
  return errors;
}

/** `path` relative to `root`, with `/` separators, as docs are reported. */
export function docName(root: string, path: string): string {
  return relative(root, path).split('\\').join('/');
}
