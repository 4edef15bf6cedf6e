// The checks over the whole build: cross-artifact consistency and the contract's boundaries. Each in its own module.
import type { TreeValidator } from '../registry/types.js';
import { siteUrlsResolve } from './tree/site-urls.js';
import { aliasesIdentical } from './tree/aliases.js';
import { ownEnvironmentAddresses } from './tree/environment-addresses.js';
import { onlyMcpEndpoint } from './tree/mcp-endpoint.js';
import { oauthMetadataAgrees } from './tree/oauth-metadata.js';
import { controlsAndScopesAgree } from './tree/controls-and-scopes.js';
import { discoveryChainInOrder } from './tree/discovery-chain.js';
import { boundaryWording } from './boundaries/boundary-wording.js';
import { onlyContractEndpoints } from './boundaries/unknown-endpoints.js';
import { noUnpublishedShapes } from './boundaries/unpublished-shapes.js';
import { noInventedCalls } from './boundaries/method-paths.js';
import { agentFactsPresent } from './tree/agent-facts.js';
import { noRepeatedSentences, noUnpublishedReferences } from './tree/prose.js';

export const treeValidators: TreeValidator[] = [
  // Cross-artifact consistency.
  siteUrlsResolve,
  aliasesIdentical,
  ownEnvironmentAddresses,
  onlyMcpEndpoint,
  oauthMetadataAgrees,
  controlsAndScopesAgree,
  discoveryChainInOrder,
  // What agents read: the facts they need, prose they can trust.
  agentFactsPresent,
  noRepeatedSentences,
  noUnpublishedReferences,
  // The contract's boundaries.
  boundaryWording,
  onlyContractEndpoints,
  noInventedCalls,
  noUnpublishedShapes,
];
