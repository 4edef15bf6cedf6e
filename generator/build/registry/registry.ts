// The registry: every file the build emits, with its path, host, media type and kind. The one list of paths.
import type { KindName } from '../../model/kinds.js';
import type { Addresses, AddressName } from '../../model/types.js';
import type { HostName, RegistryEntry } from './entry.js';

const HOST_ADDRESS: Record<HostName, AddressName> = {
  site: 'base_url',
  api: 'api_url',
  mcp: 'mcp_url',
  auth: 'auth_url',
  // The deployment files describe the site: their URLs, where any, are the site's.
  deploy: 'base_url',
};

export class Registry {
  // By host, then path: a key string per entry would be one more string for each of a catalog's files.
  private readonly byHostPath = new Map<HostName, Map<string, RegistryEntry>>();
  // Emitters ask for a kind's or a host's entries once per page; with thousands of pages a scan each time adds up.
  private readonly byKind = new Map<KindName, RegistryEntry[]>();
  private readonly byHost = new Map<HostName, RegistryEntry[]>();

  constructor(
    readonly entries: readonly RegistryEntry[],
    readonly addresses: Addresses,
  ) {
    for (const entry of entries) {
      let paths = this.byHostPath.get(entry.host);
      if (!paths) this.byHostPath.set(entry.host, (paths = new Map()));
      paths.set(entry.path, entry);
      if (!this.byKind.has(entry.kind)) this.byKind.set(entry.kind, []);
      this.byKind.get(entry.kind)!.push(entry);
      if (!this.byHost.has(entry.host)) this.byHost.set(entry.host, []);
      this.byHost.get(entry.host)!.push(entry);
    }
  }

  /** The entry a client gets at a path of a host (the path as the registry writes it, query included). */
  get(path: string, host: HostName = 'site'): RegistryEntry | undefined {
    return this.byHostPath.get(host)?.get(path);
  }

  /** Entries of one host, in registry order. */
  of(host: HostName): RegistryEntry[] {
    return [...(this.byHost.get(host) ?? [])];
  }

  /** Entries served at their own path (not data behind a query route). */
  served(host: HostName = 'site'): RegistryEntry[] {
    return this.of(host).filter((e) => !e.dataFor);
  }

  ofKind(kind: KindName): RegistryEntry[] {
    return [...(this.byKind.get(kind) ?? [])];
  }

  origin(host: HostName): string {
    return this.addresses[HOST_ADDRESS[host]];
  }

  /** Absolute URL of an entry, or of a path on a host. */
  url(entryOrPath: RegistryEntry | string, host: HostName = 'site'): string {
    if (typeof entryOrPath === 'string') return this.origin(host) + entryOrPath;
    return this.origin(entryOrPath.host) + entryOrPath.path;
  }
}

/** Replaces the contract's placeholders ({base_url}, {mcp_url}, …) with the environment's addresses. */
export function fillAddresses(text: string, addresses: Addresses): string {
  return text.replace(/\{(base_url|api_url|mcp_url|auth_url)\}/g, (_, name: AddressName) => addresses[name]);
}
