// Validators' view of URLs: does an absolute URL on {base_url} name something the registry serves?
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';

/** The site entry an absolute URL names (query routes included), undefined if it is not on the site or unknown. */
export function siteEntryOf(registry: Registry, url: string): RegistryEntry | undefined {
  const origin = registry.origin('site');
  if (!url.startsWith(origin)) return undefined;
  const rest = url.slice(origin.length);
  if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return undefined;
  const path = rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
  return registry.get(path) ?? registry.get(path.replace(/[?#].*$/, '') || '/');
}

export function isOnSite(registry: Registry, url: string): boolean {
  const origin = registry.origin('site');
  return url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`);
}
