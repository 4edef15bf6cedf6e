// A small kind table for the workflow tests: every kind with a trivial emitter, so check, verify and dev can be tested
// on the real content without the cost of the real artifact families.
import { KIND_NAMES, type KindName } from '../../generator/model/kinds.js';
import type { KindTable } from '../../generator/build/registry/build-registry.js';
import { MEDIA_TYPES } from '../../generator/build/registry/media-types.js';
import { fillAddresses } from '../../generator/build/registry/registry.js';
import type { Emitter, KindDefinition } from '../../generator/build/registry/types.js';
import { emitStaticFile } from '../../generator/build/emit/static/static-file.js';
import { factsFor, renderFacts } from '../../generator/build/render/agent-facts.js';
import { stringifyMarkdown } from '../../generator/build/render/processor.js';

/** The facts content/agent-facts.yaml lists for a file, as the real emitters write them (the tree checks want them). */
const factsOf = (entry: Parameters<Emitter>[0], { model, registry }: Parameters<Emitter>[1]) => {
  const ids = factsFor(model, entry.dataFor ?? entry.path);
  return ids.length ? stringifyMarkdown({ type: 'root', children: renderFacts(ids, model, registry) }) : '';
};

const json: Emitter = (entry, context) => {
  const { model } = context;
  const facts = factsOf(entry, context);
  return `${JSON.stringify({ path: entry.path, title: entry.title, base_url: model.addresses.base_url, mcp: `${model.addresses.mcp_url}/mcp`, ...(facts ? { facts: [facts] } : {}) }, null, 2)}\n`;
};

const pageOf = (entry: Parameters<Emitter>[0], model: Parameters<Emitter>[1]['model']) =>
  model.pages.find((p) => p.id === entry.page);

const html: Emitter = (entry, { model }) => {
  const page = pageOf(entry, model);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${page?.title ?? entry.title}</title></head>\n<body><h1>${page?.title ?? entry.title}</h1>\n<pre id="body">${page?.body ?? ''}</pre></body></html>\n`;
};

const markdown: Emitter = (entry, context) => {
  const { model } = context;
  const text = `# ${pageOf(entry, model)?.title ?? entry.title}\n\n${factsOf(entry, context)}\n${pageOf(entry, model)?.body ?? ''}`;
  // The authentication guide names the discovery chain, as the real page does.
  if (entry.page !== 'auth') return text;
  return `${text}\n${model.authentication.discoveryChain.map((s) => `${s.step}. ${fillAddresses(s.url, model.addresses)}`).join('\n')}\n`;
};

const llms: Emitter = (entry, context) =>
  `# ${context.model.identity.name}: ${entry.title}\n\n${factsOf(entry, context)}\n## Files\n\n${context.registry
    .served('site')
    .filter((e) => e.group === entry.group || entry.kind !== 'llms-index')
    .map((e) => `- [${e.title}](${context.registry.url(e)})`)
    .join('\n')}\n`;

/** A stand-in boundary rule: no artifact may promise a webhook API. */
const noWebhookApi: NonNullable<KindDefinition['validate']>[number] = (artifact, ctx) => {
  if (ctx.artifacts.text(artifact).includes('webhook API')) {
    ctx.diagnostics.error('validate', {
      ruleId: 'unpublished-interface',
      reason: `${ctx.displayPath(artifact.entry)} promises a webhook API, which the contract does not publish.`,
      fix: 'Remove the promise.',
      file: ctx.displayPath(artifact.entry),
    });
  }
};

const queryFile = (path: string) => `${path.replace(/^\//, '').replace(/[?=&]/g, '_') || 'index'}.json`;

/** A kind that derives no entry: what stands in for a kind a test does not build (the CDN and deployment files). */
const notBuilt: KindDefinition = { mediaType: MEDIA_TYPES.text, emit: () => '' };

/** A whole kind table from the kinds a test gives, every other kind a stand-in (by default one that builds nothing). */
export function everyKind(
  given: Partial<KindTable>,
  standIn: (kind: KindName) => KindDefinition = () => notBuilt,
): KindTable {
  return Object.fromEntries(KIND_NAMES.map((kind) => [kind, given[kind] ?? standIn(kind)])) as KindTable;
}

const oauthMetadata: Emitter = (entry, { model }) => {
  const a = model.addresses;
  const body =
    entry.kind === 'oauth-protected-resource'
      ? {
          resource: `${a.mcp_url}/mcp`,
          authorization_servers: [a.auth_url],
          scopes_supported: model.authentication.scopes.map((s) => s.name),
        }
      : {
          issuer: a.auth_url,
          authorization_endpoint: `${a.auth_url}/authorize`,
          token_endpoint: `${a.auth_url}/token`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        };
  return `${JSON.stringify(body, null, 2)}\n`;
};

const oauthEntry = { group: 'auth', audience: ['agents' as const], inContract: false, purpose: 'OAuth metadata.' };
const authenticationYaml = { file: 'content/authentication.yaml' };

export const stubKinds: KindTable = everyKind({
  static: { mediaType: MEDIA_TYPES.octet, emit: emitStaticFile },
  openapi: { mediaType: MEDIA_TYPES.json, emit: json, discovery: true },
  'mcp-server-card': { mediaType: MEDIA_TYPES.json, emit: json, discovery: true },
  'a2a-agent-card': { mediaType: MEDIA_TYPES.json, emit: json, discovery: true },
  'agent-discovery': { mediaType: MEDIA_TYPES.json, emit: json, discovery: true },
  'api-catalog': {
    mediaType: MEDIA_TYPES.linkset,
    emit: (e) => `${JSON.stringify({ linkset: [{ anchor: e.path }] })}\n`,
    discovery: true,
  },
  'public-pages-catalog': { mediaType: MEDIA_TYPES.json, emit: json, discovery: true },
  markdown: { mediaType: MEDIA_TYPES.markdown, emit: markdown, validate: [noWebhookApi], discovery: true },
  'llms-index': { mediaType: MEDIA_TYPES.text, emit: llms, discovery: true },
  'llms-root': { mediaType: MEDIA_TYPES.text, emit: llms, discovery: true },
  'llms-full': {
    mediaType: MEDIA_TYPES.text,
    emit: (_, { model }) => model.pages.map((p) => `# ${p.title}\n\n${p.body}`).join('\n'),
    discovery: true,
  },
  'html-page': {
    mediaType: MEDIA_TYPES.html,
    emit: html,
    validate: [noWebhookApi],
    file: (path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`),
    inSitemap: true,
  },
  'schema-feed': { mediaType: MEDIA_TYPES.jsonLd, emit: json, discovery: true },
  schemamap: { mediaType: MEDIA_TYPES.xml, emit: () => '<?xml version="1.0"?><urlset/>\n', discovery: true },
  entity: { mediaType: MEDIA_TYPES.jsonLd, emit: json, discovery: true },
  'agent-mode': { mediaType: MEDIA_TYPES.json, emit: json, file: queryFile, discovery: true, answersQueryRoute: true },
  'page-context': {
    mediaType: MEDIA_TYPES.json,
    emit: json,
    file: queryFile,
    discovery: true,
    answersQueryRoute: true,
  },
  robots: { mediaType: MEDIA_TYPES.text, emit: () => 'User-agent: *\nAllow: /\n' },
  sitemap: { mediaType: MEDIA_TYPES.xml, emit: () => '<?xml version="1.0"?><urlset/>\n' },
  'oauth-protected-resource': {
    mediaType: MEDIA_TYPES.json,
    host: 'mcp',
    discovery: true,
    emit: oauthMetadata,
    derive: () => [
      {
        ...oauthEntry,
        path: '/.well-known/oauth-protected-resource',
        title: 'Protected resource metadata',
        source: authenticationYaml,
      },
    ],
  },
  'oauth-authorization-server': {
    mediaType: MEDIA_TYPES.json,
    host: 'auth',
    discovery: true,
    emit: oauthMetadata,
    derive: () => [
      {
        ...oauthEntry,
        path: '/.well-known/oauth-authorization-server',
        title: 'Authorization server metadata',
        source: authenticationYaml,
      },
    ],
  },
});
