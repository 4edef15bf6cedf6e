// The preview server's part of the model (content/preview/): records and settings that are preview-only.
// The contract shows no fields of these records; the shapes are examples for the preview, never published.

export interface PreviewUser {
  id: string;
  displayName: string;
}

export interface PreviewCommunity {
  id: string;
  name: string;
  /** Ids of the users who manage it: only they can read it through the MCP host. */
  managedBy: string[];
}

export interface PreviewMember {
  id: string;
  communityId: string;
  displayName: string;
  joinedOn: string;
}

export interface PreviewProduct {
  id: string;
  communityId: string;
  name: string;
  /** Physical products are the only product kind the MCP host shows. */
  physical: boolean;
}

export interface PreviewOrder {
  id: string;
  productId: string;
  quantity: number;
  placedOn: string;
}

export interface PreviewPlan {
  id: string;
  /** The contract names BASIC, which consumers ignore. */
  type: string;
  name: string;
  prices: { interval: 'month' | 'year'; amount: string; currency: string }[];
}

export interface PreviewFixtures {
  users: PreviewUser[];
  communities: PreviewCommunity[];
  members: PreviewMember[];
  products: PreviewProduct[];
  orders: PreviewOrder[];
  plans: PreviewPlan[];
}

export interface PreviewServerSettings {
  defaultUser: string;
  tokenSecret: string;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  maxRequestBytes: number;
  /** MCP protocol revisions the preview MCP host negotiates, oldest first (preview-only). */
  mcpProtocolVersions: string[];
}

export interface Preview {
  server: PreviewServerSettings;
  fixtures: PreviewFixtures;
}
