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

// Budgets sit about 0.1 kB over the measured sizes, so growth is a decision. Measured 2026-11-28 (early morning)
// after the store and rest code lost a second deep-equal, forwarding wrappers and objects of one-line methods,
// hand-written get-or-create, hasOwn and createTable copies (-0.43), while wide entities got room for their fields,
// the memo smaller entries and shared deps per cache, and the gc timer a weak reference (+0.13), and production
// messages became calls of one builder (-0.11): core 27.89 (28.30 at the start of that session), react 28.49,
// everything 47.98; retry 28.92, listeners 28.59, infinitePages 30.75, live 28.17, outbox 31.46, persist 31.94,
// crossTab 31.78, all features 32.14, prepareHeaders 28.05 kB.
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '28.0 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '28.6 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '48.1 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '29.0 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '28.7 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '30.85 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '28.3 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '31.55 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '32.05 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '31.9 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '32.25 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '28.15 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
