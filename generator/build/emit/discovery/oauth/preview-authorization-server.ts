// The preview authorization server's endpoints: the paths the MCP SDK's mcpAuthRouter serves on {auth_url}.
// Preview only: the contract does not show grant types, token endpoint details or client registration, so the
// production build states none of these (the real authorization server publishes its own metadata).

export const PREVIEW_AUTHORIZATION_SERVER = {
  authorizationPath: '/authorize',
  tokenPath: '/token',
  registrationPath: '/register',
  responseTypes: ['code'],
  grantTypes: ['authorization_code', 'refresh_token'],
  tokenEndpointAuthMethods: ['client_secret_post', 'none'],
  /** MCP clients refuse metadata without S256 (MCP authorization, 2025-06-18 and later). */
  codeChallengeMethods: ['S256'],
} as const;
