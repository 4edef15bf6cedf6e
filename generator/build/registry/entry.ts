// One registry entry: a file the build emits, the host that serves it, its path, media type and kind.
import type { KindName } from '../../model/kinds.js';
import type { Audience, QueryParameter, SourcePlace } from '../../model/types.js';

/**
 * The hosts of the contract. Only `site` files are uploaded to the CDN for {base_url}.
 * `deploy` is not a host that serves anything: it holds the files for whoever deploys the site (nginx server block,
 * deploy manifest, the edge handlers' table), written to `<outDir>-hosts/deploy/` so that they are never uploaded.
 */
export type HostName = 'site' | 'api' | 'mcp' | 'auth' | 'deploy';

export interface RegistryEntry {
  /** The path a client requests, as the contract writes it; may carry a query ("/?mode=agent"). */
  path: string;
  /** Where the bytes live in the host's output tree, relative, without a leading slash ("mcp.html"). */
  file: string;
  host: HostName;
  kind: KindName;
  mediaType: string;
  title: string;
  purpose: string;
  group: string;
  audience: Audience[];
  /** For page kinds: the page id in content/pages. */
  page?: string;
  /** For aliases: the path whose bytes this entry repeats exactly. */
  aliasOf?: string;
  query?: QueryParameter[];
  /** Listed in contract section 4.1 (false for supporting and derived files). */
  inContract: boolean;
  /** A machine-readable discovery document: public, CORS-open, cacheable. */
  discovery: boolean;
  /** Listed in sitemap.xml (human pages). */
  inSitemap: boolean;
  /** For HTML pages: the path of the Markdown twin. */
  twin?: string;
  /** Not served at its own path: data a handler answers a query route with (e.g. `/?mode=agent`). */
  dataFor?: string;
  source: SourcePlace;
}
