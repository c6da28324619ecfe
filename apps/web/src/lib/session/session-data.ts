/**
 * What holds a session's server data registers here to forget it at logout or session end
 * (lib/query-client registers the query cache when it is loaded). Kept apart so that the login
 * path, which ends sessions too, need not download TanStack Query (issue 16).
 */
const clearers = new Set<() => void>();

export function onSessionDataClear(clear: () => void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}

export function clearSessionData(): void {
  for (const clear of clearers) clear();
}
