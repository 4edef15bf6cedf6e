// `npm run verify`: audits a live deployment against the local build of the same content, as an agent meets it.
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../build/files/project-paths.js';
import type { Addresses, EnvironmentName } from '../../model/types.js';
import { runPipeline } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { kinds as defaultKinds } from '../../build/kinds.js';
import { checkAuthChain } from './auth-chain.js';
import { checkMcp, type McpCredentials } from './mcp-check.js';
import { checkResources } from './resource-checks.js';
import { Scorecard } from './scorecard.js';
import { resolveTarget, TargetError, type Target } from './target.js';
import { loadModel } from '../../build/project.js';
import { noAnswerAt } from './reachable.js';
import { plural } from '../terminal/plural.js';

export interface VerifyOptions {
  addresses: Partial<Addresses> & { base_url: string };
  /** The content environment to build locally (default: chosen from the base_url, see resolveTarget). */
  env?: EnvironmentName;
  credentials?: McpCredentials;
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  fetch?: typeof fetch;
  progress?: (message: string) => void;
}

export interface VerifyResult {
  ok: boolean;
  target?: Target;
  card: Scorecard;
}

export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  const card = new Scorecard();
  const progress = options.progress ?? (() => {});
  const contentDir = options.contentDir ?? DEFAULT_CONTENT_DIR;
  const schemaDir = options.schemaDir ?? CONTENT_SCHEMA_DIR;

  // The environments are read first: which one the base_url names decides how the local build is made.
  const probe = await loadModel({ contentDir, schemaDir, env: 'production' });
  if (!probe) {
    card.fail('build', contentDir, 'content', 'the content does not load; run npm run build to see why');
    return { ok: false, card };
  }
  const target = resolveTarget(probe.environments, options.addresses, options.env);
  // Nothing answering is one finding, not one per file.
  const silent = await noAnswerAt(target.addresses.base_url, options.fetch);
  if (silent !== undefined) {
    card.fail(
      'resources',
      target.addresses.base_url,
      'reachable',
      `nothing answers at ${target.addresses.base_url}: ${silent}`,
    );
    return { ok: false, target, card };
  }
  progress(`Building the ${target.env} content locally with the deployment's addresses…`);
  const local = await runPipeline({
    env: target.env,
    contentDir,
    schemaDir,
    kinds: options.kinds,
    addresses: target.addresses,
  });
  if (!local.model || !local.registry) {
    card.fail(
      'build',
      contentDir,
      'local-build',
      `the content does not build (${plural(local.diagnostics.list().filter((m) => m.fatal).length, 'error')}); run npm run build to see them`,
    );
    return { ok: false, target, card };
  }
  if (local.diagnostics.hasErrors) {
    card.add({
      area: 'build',
      subject: contentDir,
      check: 'local-build',
      outcome: 'warn',
      detail: 'the local build has validation errors: the comparison may report them as differences',
    });
  } else {
    card.pass('build', contentDir, 'local-build');
  }

  await checkResources({
    model: local.model,
    registry: local.registry,
    kinds: options.kinds ?? defaultKinds,
    local: local.artifacts,
    card,
    fetch: options.fetch,
    progress,
  });
  progress('Following the authentication discovery chain…');
  await checkAuthChain({ model: local.model, addresses: target.addresses, card, fetch: options.fetch });
  progress('Checking the MCP endpoint…');
  await checkMcp({
    model: local.model,
    addresses: target.addresses,
    card,
    credentials: options.credentials,
    fetch: options.fetch,
  });
  return { ok: card.ok, target, card };
}

export { TargetError };
