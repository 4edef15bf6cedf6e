// Community and product context as MCP resources, each gated by its scope (svc.communities.read, svc.products.read).
// The `preview:` URI scheme says what the records are: preview fixtures, not the real service's addresses.
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ControlError, JSON_RPC } from './control-error.js';
import { PREVIEW_NOTE } from './controls.js';
import type { PreviewRecords } from './records.js';
import type { Model } from '../../../model/types.js';

/** The scopes that gate community and product context, as content/resources.yaml names them. */
export interface ResourceScopes {
  community: string;
  product: string;
}

export function resourceScopes(model: Model): ResourceScopes {
  const scopeOf = (id: string) => {
    const scope = model.resources.find((r) => r.id === id)?.scope;
    if (!scope)
      throw new Error(`content/resources.yaml gives the resource "${id}" no scope; the MCP host gates it by one.`);
    return scope;
  };
  return { community: scopeOf('community'), product: scopeOf('product') };
}

const COMMUNITY_URI = /^preview:\/\/communities\/([a-z0-9][a-z0-9-]*)$/;
const PRODUCT_URI = /^preview:\/\/communities\/([a-z0-9][a-z0-9-]*)\/products\/([a-z0-9][a-z0-9-]*)$/;

const communityUri = (id: string) => `preview://communities/${id}`;
const productUri = (communityId: string, id: string) => `preview://communities/${communityId}/products/${id}`;

/** The scope a resource URI needs, or undefined when the URI is not one of this host's. */
export function scopeOfResource(uri: string, scopes: ResourceScopes): string | undefined {
  if (COMMUNITY_URI.test(uri)) return scopes.community;
  if (PRODUCT_URI.test(uri)) return scopes.product;
  return undefined;
}

export function resourceTemplates(scopes: ResourceScopes): ResourceTemplate[] {
  return [
    {
      uriTemplate: 'preview://communities/{communityId}',
      name: 'community',
      title: 'Community (business) context',
      description: `A community managed by the authenticated user. Requires scope ${scopes.community}. ${PREVIEW_NOTE}`,
      mimeType: 'application/json',
    },
    {
      uriTemplate: 'preview://communities/{communityId}/products/{productId}',
      name: 'physical-product',
      title: 'Physical product context',
      description: `A physical product of a community managed by the authenticated user. Requires scope ${scopes.product}. ${PREVIEW_NOTE}`,
      mimeType: 'application/json',
    },
  ];
}

/** What the user may see with the scopes held: nothing of a kind whose scope is missing. */
export function listResources(
  records: PreviewRecords,
  userId: string,
  held: string[],
  scopes: ResourceScopes,
): Resource[] {
  const resources: Resource[] = [];
  for (const community of records.managedCommunities(userId)) {
    if (held.includes(scopes.community)) {
      resources.push({
        uri: communityUri(community.id),
        name: community.name,
        mimeType: 'application/json',
        description: `Community you manage. ${PREVIEW_NOTE}`,
      });
    }
    if (held.includes(scopes.product)) {
      for (const product of records.physicalProducts(community)) {
        resources.push({
          uri: productUri(community.id, product.id),
          name: product.name,
          mimeType: 'application/json',
          description: `Physical product of ${community.name}. ${PREVIEW_NOTE}`,
        });
      }
    }
  }
  return resources;
}

export function readResource(records: PreviewRecords, userId: string, uri: string): ReadResourceResult {
  const notFound = () =>
    new ControlError(
      JSON_RPC.resourceNotFound,
      'resource_not_found',
      `No resource ${uri} is available to you.`,
      'Read one of the URIs resources/list returns; resources cover only communities you manage and their physical products.',
    );
  let body: Record<string, unknown> | undefined;
  const asCommunity = COMMUNITY_URI.exec(uri);
  const asProduct = PRODUCT_URI.exec(uri);
  if (asCommunity) {
    const community = records.managedCommunity(userId, asCommunity[1]!);
    if (community)
      body = {
        id: community.id,
        name: community.name,
        physicalProductCount: records.physicalProducts(community).length,
      };
  } else if (asProduct) {
    const community = records.managedCommunity(userId, asProduct[1]!);
    const product = community ? records.physicalProduct(community, asProduct[2]!) : undefined;
    if (product) body = { id: product.id, communityId: product.communityId, name: product.name, physical: true };
  }
  if (!body) throw notFound();
  return {
    contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body) }],
    _meta: { previewOnly: PREVIEW_NOTE },
  };
}
