/**
 * How far ahead of this page's clock a time read from outside (another tab's message, a saved cache) may
 * lie: a day. Tabs of one browser share a clock, and a save was written by an earlier page of it, so a time
 * further ahead is corrupt or forged; applied, it would outrank every later answer (a row fetched "later"
 * is never replaced, a reset dated ahead drops every fetch).
 */
export const MAX_AHEAD = 86_400_000;
