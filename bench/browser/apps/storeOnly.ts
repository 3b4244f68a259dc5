// Loaded before Data Client's app on the control page of `BENCH_PHASES=1` (../phases.ts): a rest-slice cache
// and a Redux store in the page that no component reads, to see what React's work on Data Client's app
// does beside them.
import { configureStore } from '@reduxjs/toolkit';
import { restCache } from 'rest-slice';

const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(restCache.middleware),
});
(window as unknown as { unusedStore: unknown }).unusedStore = store;
