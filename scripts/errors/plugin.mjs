// esbuild plugin: rewrites the error and warning messages of src/ so a production bundle keeps only
// `[rest-slice] E<code>` and the names in each (transform.mjs says how), with the codes of
// scripts/errors/codes.json. A message with no code fails the build, so the table and docs/errors.md cannot
// fall behind src/: `npm run errors:codes` gives it one.
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCodes } from './codes.mjs';
import { MESSAGE_BUILDER, PREFIX, rewriteMessages } from './transform.mjs';

/** The module the rewritten messages import their builder from. */
const builderPath = fileURLToPath(new URL('../../src/schema/productionMessage.ts', import.meta.url));

/** The plugin; `codes` defaults to the committed table. */
export function productionMessages(codes = readCodes()) {
  return {
    name: 'rest-slice-production-messages',
    setup(build) {
      const source = `${sep}src${sep}`;
      build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
        if (!path.includes(source) || path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(path, 'utf8');
        if (!text.includes(PREFIX)) return undefined;
        const { code, missing, rewritten } = rewriteMessages(text, (template) => codes.get(template), path);
        // The short forms call the one builder of production messages.
        const builder = `import { productionMessage as ${MESSAGE_BUILDER} } from ${JSON.stringify(builderPath)};\n`;
        const loader = path.endsWith('x') ? 'tsx' : 'ts';
        const errors = missing.map(({ line, template }) => ({
          text: `this message has no production code; run \`npm run errors:codes\` and commit scripts/errors/codes.json and docs/errors.md: ${template}`,
          location: { file: relative(process.cwd(), path), line },
        }));
        return { contents: rewritten ? builder + code : code, loader, resolveDir: dirname(path), errors };
      });
    },
  };
}
