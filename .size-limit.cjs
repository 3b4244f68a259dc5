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

// Budgets sit about 0.1 kB over the measured sizes, so growth is a decision. Measured 2026-11-28 (morning), after
// Collection `remove`/`move` became the collectionEdits() feature (-0.60: the schemas stay in the core, what they
// do to the lists is the feature's), the store lost one-use factories, wrappers and per-kind branches (-0.37), and a
// new table's first write keeps up to 4,096 rows flat with its size from normalize (+0.11): core 27.06 (27.90 at
// the start of that session, 28.30 the session before), react 27.68, everything 47.99; retry 28.11, listeners
// 27.77, infinitePages 29.90, live 27.35, collectionEdits 27.90, outbox 30.64, persist 31.09, crossTab 30.96,
// all features 32.17, prepareHeaders 27.22 kB.
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '27.15 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '27.8 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '48.1 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '28.2 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '27.85 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '30.0 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '27.45 kB' },
  { name: 'core + collectionEdits()', path: 'scripts/size/feature-collectionEdits.mjs', limit: '28.0 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '30.75 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '31.2 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '31.05 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '32.3 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '27.3 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
