import { createContext, type Context } from 'react';
import { restCache, type RestCache } from 'rest-slice';

// Made by a call marked pure (the display name set inside it), so a bundle that imports the React entry
// without using the context leaves it, and the `restCache` it defaults to, out.
function createRestCacheContext(): Context<RestCache> {
  const context = createContext<RestCache>(restCache);
  context.displayName = 'RestCacheContext';
  return context;
}

/**
 * The cache instance the hooks read. Defaults to `restCache` (mounted at
 * `rest`), so the default instance needs no provider of its own.
 */
export const RestCacheContext: Context<RestCache> = /* @__PURE__ */ createRestCacheContext();
