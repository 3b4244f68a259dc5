import { useContext } from 'react';
import type { RestCache } from 'rest-slice';
import { RestCacheContext } from './RestCacheContext';

/**
 * The cache instance the hooks use here: the nearest `RestCacheProvider`'s, else `restCache`.
 *
 * @returns the `RestCache` (read its selectors with react-redux's `useSelector`)
 */
export function useRestCache(): RestCache {
  return useContext(RestCacheContext);
}
