/** One string for a pair of strings (an endpoint name and a request key, an entity key and a pk): a JSON pair, since either may hold any character and no separator would be unambiguous. */
export function pairKey(first: string, second: string): string {
  return JSON.stringify([first, second]);
}
