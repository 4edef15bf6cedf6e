// Decides whether a link points at the site ({base_url}) and, if so, which registry entry answers it.
import type { Registry } from '../registry/registry.js';
import type { RegistryEntry } from '../registry/types.js';

export type SiteLink =
  | { site: false }
  /** `entry` is undefined when the build emits nothing at that path. */
  | { site: true; path: string; absolute: string; entry?: RegistryEntry };

/**
 * Resolves `url` as a browser would from the page at `fromPath`. Only links on the site's own origin are the
 * build's business; other hosts (the MCP server, the authorization server) are live services, not files.
 */
export function resolveSiteLink(url: string, fromPath: string, registry: Registry): SiteLink {
  if (url === '' || url.startsWith('#')) return { site: false };
  const base = registry.origin('site');
  let resolved: URL;
  try {
    resolved = new URL(url, base + fromPath);
  } catch {
    return { site: false };
  }
  if (resolved.origin !== new URL(base).origin) return { site: false };
  const path = resolved.pathname + resolved.search;
  // A query route (`/api/agent/page-context?path=…`) is registered by its path alone.
  const entry = registry.get(path) ?? (resolved.search ? registry.get(resolved.pathname) : undefined);
  return { site: true, path, absolute: base + path + resolved.hash, entry };
}
