// Bundle-size budgets, run in CI by `npm run size` (size-limit with its esbuild plugin, min + gzip).
// Each fixture is built as an app's production build is: the peers external (they are the app's
// anyway) and `process.env.NODE_ENV` replaced by "production", as Vite, webpack and esbuild
// setups do, so development-only checks and warnings are left out as they are for users.
const peers = ['@reduxjs/toolkit', 'redux', 'react', 'react-dom', 'react-redux', 'react/jsx-runtime'];
// The fixtures import src/ (tsconfig.json maps `rest-slice` to it), so they get the messages rewritten as
// dist/ has them (scripts/errors/plugin.mjs, loaded when esbuild starts).
const messages = { name: 'production-messages', setup: async (build) => (await import('./scripts/errors/plugin.mjs')).productionMessages().setup(build) };
const production = (config) => ({
  ...config,
  define: { ...config.define, 'process.env.NODE_ENV': '"production"' },
  plugins: [...(config.plugins ?? []), messages],
});

// Budgets sit about 0.1 kB over the measured sizes (2026-11-27: 34.85 / 35.44 / 38.13 kB), so growth is
// a decision; the last raise (+0.5 kB each) paid for the endpoint named in every request error, a
// getOptimisticResponse that throws failing its fetch before the request is sent, a Union's detail read
// by inference from the params, and the hostile-value errors (pk() and schemaAttribute values with no
// string form, throwing schemaAttribute functions, Date members given booleans), all in production too.
module.exports = [
  { name: 'core: createResource + Entity + restCache and a store', path: 'scripts/size/core.mjs', limit: '34.9 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '35.5 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '38.2 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
