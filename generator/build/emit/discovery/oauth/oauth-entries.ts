// The OAuth metadata documents' registry entries: they live on the MCP and auth hosts, never in the site's tree.
import type { Model } from '../../../../model/types.js';
import type { DerivedEntry } from '../../../registry/types.js';

const SOURCE = { file: 'content/authentication.yaml' };

/** Hosts other than the site keep the contract's extensionless paths; the files carry .json so that a path and
 * its path-inserted child (/…/oauth-protected-resource and /…/oauth-protected-resource/mcp) can both exist. */
export function metadataFile(path: string): string {
  return `${path.replace(/^\//, '')}.json`;
}

/** RFC 9728 at the contract's path, and the path-inserted form MCP 2025-11-25 clients try first (same bytes). */
export function protectedResourceEntries(model: Model): DerivedEntry[] {
  const path = model.authentication.protectedResourceMetadataPath;
  const common = { group: 'auth', audience: ['agents', 'developers'] as DerivedEntry['audience'], source: SOURCE };
  return [
    {
      ...common,
      path,
      title: 'Protected-resource metadata',
      purpose: 'RFC 9728 metadata of the hosted MCP server; step 2 of the OAuth discovery chain.',
      inContract: true,
    },
    {
      ...common,
      path: path + model.mcpServer.endpointPath,
      aliasOf: path,
      title: 'Protected-resource metadata (path-inserted)',
      purpose: 'The same RFC 9728 metadata at the path-inserted URL MCP clients try first.',
      inContract: false,
    },
  ];
}

/**
 * RFC 8414 metadata of the authorization server: preview builds only. In production the real authorization server
 * publishes its own, and the contract shows none of its endpoints, so the build must not invent them.
 */
export function authorizationServerEntries(model: Model): DerivedEntry[] {
  if (model.env !== 'preview') return [];
  return [
    {
      path: model.authentication.authorizationServerMetadataPath,
      group: 'auth',
      audience: ['agents', 'developers'],
      source: SOURCE,
      title: 'Authorization server metadata (preview)',
      purpose: 'RFC 8414 metadata of the preview authorization server; step 3 of the OAuth discovery chain.',
      inContract: true,
    },
  ];
}
