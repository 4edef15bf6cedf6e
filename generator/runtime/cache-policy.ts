// How long clients and CDNs may keep each file: one policy per kind of file, used by every way of serving the site.

/**
 * Documents agents and scanners poll (discovery documents, query-route data) change with a deploy, rarely;
 * pages are re-read more often; static assets hardly ever change. No file name carries a content hash, so nothing
 * is `immutable`.
 */
export const CACHE_POLICIES = {
  document: 'public, max-age=3600',
  page: 'public, max-age=300',
  asset: 'public, max-age=86400',
} as const;

export type CachePolicyName = keyof typeof CACHE_POLICIES;

export function cachePolicyName(entry: { kind: string; discovery: boolean; dataFor?: string }): CachePolicyName {
  if (entry.kind === 'static') return 'asset';
  if (entry.discovery || entry.dataFor) return 'document';
  return 'page';
}
