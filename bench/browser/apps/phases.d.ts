// Set by the bundler (bench/browser/bundle.ts): `true` only in the bundles `BENCH_PHASES=1` times phase by
// phase; `false` in the measured ones, where the minifier drops every `if (__BENCH_PHASES__)` with its body.
declare const __BENCH_PHASES__: boolean;
