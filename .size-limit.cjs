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

// Budgets sit about 0.1 kB over the measured sizes, so growth is a decision. Measured 2026-11-27 after the
// session that added the feature points holdFetches (persist), awaitAnswer/resolveEndpoint/entityOf (crossTab) and
// prepareHeaders, controller.prefetch, set's undo, the endpoint matchers' response copies, useRequest/useMutation,
// and kept-identity refetches (jsonEqual): core 29.36 (was 28.23), react 30.02, everything 49.07; retry 30.41,
// listeners 30.08, infinitePages 32.21, live 29.65, outbox 32.91, persist 33.26, crossTab 33.21,
// all features 33.70, prepareHeaders 29.53 kB.
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '29.5 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '30.2 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '49.2 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '30.6 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '30.2 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '32.4 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '29.8 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '33.1 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '33.4 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '33.4 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '33.8 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '29.7 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
