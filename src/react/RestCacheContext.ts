import { createContext } from 'react';
import { restCache, type RestCache } from 'rest-slice';

/**
 * The cache instance the hooks read. Defaults to `restCache` (mounted at
 * `rest`), so the default instance needs no provider of its own.
 */
export const RestCacheContext = createContext<RestCache>(restCache);
RestCacheContext.displayName = 'RestCacheContext';
