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

// Budgets sit about 0.1 kB over the measured sizes, so growth is a decision. Measured 2026-11-28 (morning),
// after the store lost one-use factories, wrappers and per-kind branches (the outcome recorder, dispatchFetch,
// the optimistic probe and recordGiven are functions of the cache input; optimistic layers' reads are written
// down by the view method that made them; one page-event path in polling, one walk of stored keys in gc):
// core 27.53 (27.90 before; 28.30 two sessions ago), react 28.14, everything 47.58; retry 28.57, listeners
// 28.24, infinitePages 30.37, live 27.82, outbox 31.10, persist 31.57, crossTab 31.43, all features 31.79,
// prepareHeaders 27.70 kB.
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '27.65 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '28.25 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '47.7 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '28.65 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '28.35 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '30.45 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '27.9 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '31.2 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '31.65 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '31.55 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '31.9 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '27.8 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
