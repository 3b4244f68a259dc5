// Bundle-size budgets, run in CI by `npm run size` (size-limit with its esbuild plugin, min + gzip).
// Each fixture is built as an app's production build is: the peers external (they are the app's
// anyway) and `process.env.NODE_ENV` replaced by "production", as Vite, webpack and esbuild
// setups do, so development-only checks and warnings are left out as they are for users.
const peers = ['@reduxjs/toolkit', 'redux', 'react', 'react-dom', 'react-redux', 'react/jsx-runtime'];
// The fixtures import `rest-slice` and `rest-slice/react` as an app does: the built ESM files of dist/ (the
// `import` condition of package.json), so what is measured is what users ship. `npm run size` builds first.
const path = require('node:path');
const { existsSync } = require('node:fs');
const builtPackage = {
  name: 'rest-slice-dist',
  setup(build) {
    build.onResolve({ filter: /^rest-slice(\/react)?$/ }, (args) => {
      const file = path.join(__dirname, 'dist', args.path === 'rest-slice' ? 'index.mjs' : 'react.mjs');
      if (!existsSync(file)) return { errors: [{ text: `${file} is missing: run \`npm run build\` first (\`npm run size\` does)` }] };
      return { path: file };
    });
  },
};
const production = (config) => ({
  ...config,
  define: { ...config.define, 'process.env.NODE_ENV': '"production"' },
  plugins: [...(config.plugins ?? []), builtPackage],
});

// Budgets sit about 0.1 kB over the measured sizes, so growth is a decision. Measured 2026-11-28 (mid-morning), after
// each store got its own memo, found from its states (+0.26 on the core, part of it esbuild renaming more identifiers:
// a cache shared by many short-lived stores no longer feeds all their rows to one long-lived WeakMap; the round trip
// with one cache and a fresh store each time costs 0.76-0.81 of the CPU time it did): core 27.32 (27.06 before),
// react 28.03 and everything 48.26 (read hooks then came to one store subscription per request: +0.09 on react);
// retry 28.37, listeners 28.01, infinitePages 30.16, live 27.61, collectionEdits 28.14, outbox 30.89, persist 31.35, crossTab 31.23, all features 32.42, prepareHeaders 27.47 kB.
// Then (2026-11-28, midday) lists built at their exact size (+0.07 on each line: a store of 709 projects grows the heap by 2.26 MB
// instead of 2.42, `npm run heap:breakdown`): core 27.38, react 28.09, everything 48.35; retry 28.45, listeners 28.07, infinitePages 30.21,
// live 27.68, collectionEdits 28.2, outbox 30.95, persist 31.42, crossTab 31.3, all features 32.48, prepareHeaders 27.55 kB.
// Then (2026-11-28, afternoon) production left stored tables unfrozen (-0.02 on the core: 27.36, react 28.07, everything 48.34;
// each feature line -0.01 to -0.02); the budgets stay.
// Then (2026-11-28, evening) the fixtures are bundled from dist/ instead of src/, and dist's ESM build is one module per
// source file: from the one-file build an app paid 29.20 (core), 30.11 (react), 48.82 (everything), since a bundler keeps
// each top-level call of a kept module. Now core 27.33, react 28.03, everything 48.31; retry 28.38, listeners 28.01,
// infinitePages 30.18, live 27.61, collectionEdits 28.14, outbox 30.9, persist 31.36, crossTab 31.26, all features 32.4,
// prepareHeaders 27.49 kB. The budgets come down to about 0.1 kB over these.
// Then (2026-11-28, night) Data Client compatibility found by running its own tests: result inference through object
// schemas and `getResponse(endpoint, null, state)` (+0.25), Data Client's argument order for normalize/denormalize and
// Collection#pk (+0.01), Entity/RestEndpoint/Endpoint keeping their names in the build (+0.05): core 27.68, react 28.4,
// everything 48.68; retry 28.74, listeners 28.36, infinitePages 30.53, live 27.96, collectionEdits 28.49, outbox 31.24,
// persist 31.73, crossTab 31.61, all features 32.77, prepareHeaders 27.84 kB.
// Then a response that does not fit its schema fails with status 400, and one holding binary data, a Map or a Set is
// refused instead of stored as {} (+0.10 on the core): core 27.78, react 28.5, everything 48.88; retry 28.84, listeners
// 28.48, infinitePages 30.66, live 28.07, collectionEdits 28.6, outbox 31.35, persist 31.84, crossTab 31.71, all features
// 32.89, prepareHeaders 27.95 kB.
// Then `Controller` became a value too (`new Controller(store)`, Data Client's form), tree-shaken from the core: everything
// 49.09 (its store-less controller lists every method); an `INVALID` row read as deleted: core 27.83, react 28.54.
// Then (2026-11-28, late) `denormalize` reads Immutable.js tables and results; the store's own reads call a plain-tables
// function, so the public `denormalize` (argument swap, Immutable copy) left the core: core 28.01 (28.07 before),
// react 28.71, everything 49.53 (+0.09).
// Then the features' `updateResults` point (the other results a write changes; Data Client's `update` option is the
// `updaters()` feature on it): +0.19 on the core (28.2), react 28.91, everything 49.92; updaters alone 28.44; retry 29.25,
// listeners 28.89, infinitePages 31.05, live 28.48, collectionEdits 29.03, outbox 31.75, persist 32.25, crossTab 32.14,
// all features 33.52, prepareHeaders 28.36 kB.
// Then GC collecting results only a feature wrote (+0.05 on the core: 28.25) and `hookifyResource` (tree-shaken from the
// core; everything 50.05). Then `denormalize` of Immutable.js data giving back Immutable containers as Data Client does
// (tree-shaken from the core too; everything 50.33). Then the review: garbage collection keeps a result only a feature
// wrote for keepUnusedDataFor after it was written, and the optimistic view builds no patch copy without such a feature
// (+0.06 on the core: 28.31); react 29.02, everything 50.47, updaters 28.59, all features 33.7.
// Then (2026-11-29) Data Client parity: an Entity class prints as its key (static toString), and an object schema leaves out the undefined members it names (+0.05 on the core: 28.36); react 29.08,
// everything 50.53, updaters 28.65, all features 33.76. Each budget moved up by 0.05.
// Then the default key checked once per class (+0.02 on the core: 28.38; react 29.09) and `schema.Query` reading object
// schemas member by member (only apps with a Query: everything 50.68, budget 50.75). Then `toJSON` taken out again (a
// schema that refers to itself sent JSON.stringify round in circles): core 28.36.
// Then the review: one helper for an object schema's members (Query and the Collection finder shared a copy):
// core 28.37, react 29.09, everything 50.67.
// Then (2026-11-29, morning) the fixes of an audit against the contract, Data Client and RTK Query: an endpoint
// resolving `undefined` (an `empty` meta), `getError` of a soft error, `fetchIfStale` of a fresh failure, Collection
// inference, array args in Collection keys, the optimistic list default on getList (+0.26 on the core: 28.63); react
// 29.36 (useDLE ends an aborted load, refetches a reset one); everything 51.87; persist 33.14 (+0.44: a malformed
// saved outbox dropped, saves under a lock, rows merged on a late restore), crossTab 32.66, outbox 32.22, retry 29.69,
// listeners 29.39, infinitePages 31.71, live 28.93, collectionEdits 29.48, all features 34.3, prepareHeaders 28.8,
// updaters 28.95 kB. Then the lists' Collection key `[Todo]` (core 28.61) and the React audit's fixes (a refused fetch
// thrown to the boundary, no re-render for a refetch of the same data, useQuery/useLoading): react 29.60,
// everything 52.25.
// Then (2026-11-29, early) a second audit's fixes: one list per stored Collection row in a store's memo, so
// `user.todos === userTodos` as Data Client guarantees (+0.14), `NetworkError.data` (the error body read from a copy,
// RTK Query's `error.data`), production messages keeping the endpoint, method and URL of a failed request, rows an
// Entity's own `process` made stored as JSON, path templates that do not parse named: core 28.92, react 29.9,
// everything 52.58 (then 28.93, 29.91, 52.59 with unnamed endpoints named '' in actions; core 28.96 after the review, whose minified
// core is 40 bytes smaller); retry 29.98, listeners 29.7, infinitePages 32.01, live 29.22, collectionEdits 29.76, outbox 32.52,
// persist 33.44, crossTab 32.95, all features 34.56, prepareHeaders 29.1, updaters 29.22 kB.
// Then (2026-11-29, session 43) a third audit, from the ended issues' texts: garbage collection of rows nothing reaches
// and of preloaded or restored results (+0.54 on the core), `fetchedAt` stamps ordered within one clock reading (+0.13),
// a resource's members known together by a cache (+0.14), a body with no JSON form named (+0.02): core 29.77, react 30.76,
// everything 53.53, retry 30.82, listeners 30.53, infinitePages 32.92, live 30.06, collectionEdits 30.61, outbox 33.38,
// persist 34.25, crossTab 33.84, all features 35.51, prepareHeaders 29.98, updaters 30.08 kB. Then the selectors' missing-middleware
// flag (+0.02): core 29.79, react 30.79, prepareHeaders 30.0; each budget about 0.05 over its figure. Then a key of unknown
// origin forgotten by gc once unused with nothing stored (+0.03): core 29.82, react 30.81, everything 53.57.
// Then (session 44) `crossTab({ resources })` and the FeatureCache's `registerEndpoint` (+0.01 on the core: 29.83):
// crossTab 34.04, everything 53.63. Then persist() refusing a save with a time a day or more ahead of the clock
// (a reset dated ahead dropped every answer): persist 34.46, crossTab 34.07, everything 53.79. Then a discard announced
// to the other tabs' outboxes: outbox 33.50, everything 53.83. Then the review: one optimistic entry per request id in
// the core's reducer (+0.02 on the core: 29.85; crossTab's own check of it removed), each line's budget about 0.05 over.
// The core line is what every app pays; each feature has its own line: the core with that feature installed.
module.exports = [
  { name: 'core: createResource + Entity + createRestCache() + a store + one fetch', path: 'scripts/size/core.mjs', limit: '29.9 kB' },
  { name: 'react: the core + useSuspense + useController', path: 'scripts/size/react.mjs', limit: '30.9 kB' },
  { name: 'everything from rest-slice and rest-slice/react', path: 'scripts/size/everything.mjs', limit: '53.9 kB' },
  { name: 'core + retry()', path: 'scripts/size/feature-retry.mjs', limit: '30.95 kB' },
  { name: 'core + listeners() + setupListeners', path: 'scripts/size/feature-listeners.mjs', limit: '30.65 kB' },
  { name: 'core + infinitePages() + selectPages', path: 'scripts/size/feature-infinitePages.mjs', limit: '33.05 kB' },
  { name: 'core + live()', path: 'scripts/size/feature-live.mjs', limit: '30.2 kB' },
  { name: 'core + collectionEdits()', path: 'scripts/size/feature-collectionEdits.mjs', limit: '30.7 kB' },
  { name: 'core + outbox()', path: 'scripts/size/feature-outbox.mjs', limit: '33.55 kB' },
  { name: 'core + persist(indexedDbStorage)', path: 'scripts/size/feature-persist.mjs', limit: '34.5 kB' },
  { name: 'core + crossTab()', path: 'scripts/size/feature-crossTab.mjs', limit: '34.1 kB' },
  { name: 'core + allFeatures()', path: 'scripts/size/all-features.mjs', limit: '35.65 kB' },
  { name: 'core + prepareHeaders()', path: 'scripts/size/feature-prepareHeaders.mjs', limit: '30.1 kB' },
  { name: 'core + updaters()', path: 'scripts/size/feature-updaters.mjs', limit: '30.2 kB' },
].map((check) => ({ ...check, ignore: peers, gzip: true, modifyEsbuildConfig: production }));
