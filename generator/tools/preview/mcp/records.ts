// The preview records as the MCP host may show them to one user: only communities that user manages, only physical products.
import type {
  PreviewCommunity,
  PreviewFixtures,
  PreviewMember,
  PreviewOrder,
  PreviewProduct,
} from '../../../model/preview.js';

export class PreviewRecords {
  constructor(private readonly fixtures: PreviewFixtures) {}

  hasUser(userId: string): boolean {
    return this.fixtures.users.some((u) => u.id === userId);
  }

  managedCommunities(userId: string): PreviewCommunity[] {
    return this.fixtures.communities.filter((c) => c.managedBy.includes(userId));
  }

  /** A community the user manages; undefined alike when it does not exist and when someone else manages it. */
  managedCommunity(userId: string, communityId: string): PreviewCommunity | undefined {
    return this.managedCommunities(userId).find((c) => c.id === communityId);
  }

  members(community: PreviewCommunity): PreviewMember[] {
    return this.fixtures.members.filter((m) => m.communityId === community.id);
  }

  physicalProducts(community: PreviewCommunity): PreviewProduct[] {
    return this.fixtures.products.filter((p) => p.communityId === community.id && p.physical);
  }

  /** A physical product of the community; undefined alike when missing, elsewhere, or not physical. */
  physicalProduct(community: PreviewCommunity, productId: string): PreviewProduct | undefined {
    return this.physicalProducts(community).find((p) => p.id === productId);
  }

  orders(product: PreviewProduct): PreviewOrder[] {
    return this.fixtures.orders.filter((o) => o.productId === product.id);
  }

  /** An order of a physical product of the community; undefined alike when missing or outside it. */
  order(community: PreviewCommunity, orderId: string): { order: PreviewOrder; product: PreviewProduct } | undefined {
    for (const product of this.physicalProducts(community)) {
      const order = this.orders(product).find((o) => o.id === orderId);
      if (order) return { order, product };
    }
    return undefined;
  }
}
