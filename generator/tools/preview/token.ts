import { Diagnostics } from '../../build/messages/diagnostics.js';
import type { Model } from '../../model/types.js';
import { createPreviewProvider } from './auth/auth-host.js';
import { loadModel } from '../../build/project.js';

/** The client id the token command's tokens carry; it is not a registered client and cannot refresh. */
export const TOKEN_COMMAND_CLIENT = 'preview-token-command';

export interface MintRequest {
  userId?: string;
  scopes?: string[];
}

/** An access token for a user and scopes, as the preview authorization server of this model would issue it. */
export async function mintPreviewToken(
  model: Model,
  request: MintRequest = {},
): Promise<{ token: string; userId: string; scopes: string[]; expiresIn: number }> {
  const settings = model.preview!.server;
  const userId = request.userId ?? settings.defaultUser;
  const provider = createPreviewProvider(model, userId);
  const scopes = provider.grantableScopes(request.scopes);
  const tokens = await provider.issue(TOKEN_COMMAND_CLIENT, userId, scopes);
  return {
    token: tokens.access_token,
    userId,
    scopes,
    expiresIn: tokens.expires_in ?? settings.accessTokenLifetimeSeconds,
  };
}

/** The preview model with optional address overrides (a preview started on other ports). */
export async function loadPreviewModel(
  overrides: Partial<Model['addresses']> = {},
  contentDir?: string,
): Promise<Model> {
  const diagnostics = new Diagnostics();
  const model = await loadModel({ contentDir, env: 'preview' }, diagnostics);
  if (!model) throw new Error(`The content set cannot be loaded:\n${diagnostics.report()}`);
  model.addresses = { ...model.addresses, ...overrides };
  return model;
}
