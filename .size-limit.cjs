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

// Budgets sit about 0.1 kB over the measured sizes (2026-11-27: core 28.23, react 28.84, everything 35.73;
// retry 29.29, listeners 28.98, infinitePages 31.10, live 28.54, all features 32.58 kB), so growth is a decision.
// crossTab's optional feature points (awaitAnswer, resolveEndpoint, entityOf) added about 0.15 kB to the core
// (2026-11-27: core 28.37, react 28.99, retry 29.43, listeners 29.12, infinitePages 31.26, live 28.68,
// all features 32.74, crossTab 32.22, everything 39.63 kB).
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '28.5 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '29.1 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '39.8 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '29.6 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '29.3 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '31.4 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '28.8 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '31.9 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '32.0 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '32.4 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '32.9 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '29.0 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
