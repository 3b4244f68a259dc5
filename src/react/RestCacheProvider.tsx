import type { ReactNode } from 'react';
import type { RestCache } from 'rest-slice';
import { RestCacheContext } from './RestCacheContext';

/** Props of {@link RestCacheProvider}. */
export interface RestCacheProviderProps {
  /** The instance made by `createRestCache`, mounted in the react-redux store at `cache.reducerPath`. */
  cache: RestCache;
  /** The components whose hooks use `cache`. */
  children?: ReactNode;
}

/**
 * Makes the hooks below it use another cache instance than `restCache`.
 * Place it inside react-redux's `<Provider store>`.
 *
 * @example
 * const cache = createRestCache({ reducerPath: 'api' });
 * <Provider store={store}>
 *   <RestCacheProvider cache={cache}><App /></RestCacheProvider>
 * </Provider>
 */
export function RestCacheProvider({ cache, children }: RestCacheProviderProps) {
  return <RestCacheContext.Provider value={cache}>{children}</RestCacheContext.Provider>;
}
