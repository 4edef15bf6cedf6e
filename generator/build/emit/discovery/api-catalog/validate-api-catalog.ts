// Checks the API catalog: RFC 9264's one top-level member, every site link resolves, the three parts are anchored.
import type { Validator } from '../../../registry/types.js';
import { mcpEndpoint, pricingCallUrl } from '../addresses.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { rejectFalseEndpoints } from '../../json/expect.js';
import { JsonDocument, pointerOf } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';

const EMITTER = 'generator/build/emit/discovery/api-catalog/emit-api-catalog.ts';

export const validateLinksetSchema = schemaValidator(
  'linkset',
  `Make the catalog an RFC 9264 linkset: { "linkset": [ { "anchor": …, "<relation>": [ { "href", "type", "title" } ] } ] } (${EMITTER}).`,
);

/** RFC 9264 section 4.2: the top-level object has `linkset` as its only member. */
export const validateLinksetOnlyMember: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const value = document.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    reportProblem(document, context, {
      ruleId: 'linkset-only-member',
      pointer: '',
      reason: 'the document is not a JSON object with a `linkset` member.',
      fix: 'Emit { "linkset": [ … ] }.',
    });
    return;
  }
  for (const key of Object.keys(value)) {
    if (key === 'linkset') continue;
    reportProblem(document, context, {
      ruleId: 'linkset-only-member',
      pointer: pointerOf(key),
      reason: `the top-level member \`${key}\` is not allowed: RFC 9264 makes \`linkset\` the only member.`,
      fix: 'Move the information into a context object of the linkset, or remove it.',
    });
  }
};

type ContextObject = Record<string, unknown> & { anchor?: unknown };
type TargetObject = { href?: unknown; type?: unknown };

export const validateApiCatalogContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model, registry } = context;
  const linkset = document.get('/linkset');
  const contexts = (Array.isArray(linkset) ? linkset : []) as ContextObject[];
  if (
    rejectFalseEndpoints(
      document,
      context,
      contexts.map((_, i) => `/linkset/${i}/anchor`),
      'mcp-endpoint',
    ) > 0
  )
    return;

  // Every link to the site resolves to a file the build emits, with the media type it is served with.
  const site = registry.origin('site');
  contexts.forEach((ctx, i) => {
    if (ctx === null || typeof ctx !== 'object') return; // the linkset schema check reports it
    for (const [relation, targets] of Object.entries(ctx)) {
      if (relation === 'anchor' || !Array.isArray(targets)) continue;
      (targets as TargetObject[]).forEach((t, j) => {
        if (typeof t?.href !== 'string' || !t.href.startsWith(`${site}/`)) return;
        const path = t.href.slice(site.length);
        const entry = registry.get(path, 'site');
        const at = pointerOf('linkset', i, relation, j);
        if (!entry) {
          reportProblem(document, context, {
            ruleId: 'api-catalog-links',
            pointer: `${at}/href`,
            reason: `${t.href} is not a resource the site serves (no registry entry at ${path}).`,
            fix: 'Link only resources of the registry (content/discovery-resources.yaml).',
          });
        } else if (t.type !== undefined && t.type !== entry.mediaType) {
          reportProblem(document, context, {
            ruleId: 'api-catalog-links',
            pointer: `${at}/type`,
            reason: `${path} is served as "${entry.mediaType}", but the catalog says "${String(t.type)}".`,
            fix: 'State the media type the registry serves the resource with.',
          });
        }
      });
    }
  });

  const hasLink = (anchor: string, relation: string, href: (h: string) => boolean) =>
    contexts.some(
      (c) =>
        c?.anchor === anchor &&
        Array.isArray(c[relation]) &&
        (c[relation] as TargetObject[]).some((t) => typeof t?.href === 'string' && href(t.href)),
    );
  const openapi = registry.ofKind('openapi').map((e) => registry.url(e));
  const cards = registry.ofKind('mcp-server-card').map((e) => registry.url(e));
  const required: [string, string, (h: string) => boolean, string][] = [
    [site, 'service-desc', (h) => openapi.includes(h), 'the OpenAPI description'],
    [site, 'service-doc', (h) => h.startsWith(`${site}/`), 'the documentation'],
    [mcpEndpoint(model), 'service-meta', (h) => cards.includes(h), 'the MCP server card'],
    [pricingCallUrl(model), 'service-doc', (h) => h.startsWith(`${site}/`), "the pricing call's documentation"],
  ];
  for (const [anchor, relation, matches, what] of required) {
    if (!hasLink(anchor, relation, matches)) {
      reportProblem(document, context, {
        ruleId: 'api-catalog-contract',
        pointer: '/linkset',
        reason: `no context object anchored at ${anchor} links ${what} with relation \`${relation}\`.`,
        fix: `The catalog links the OpenAPI description, the documentation, the MCP server card and endpoint, and the pricing call (${EMITTER}).`,
      });
    }
  }
};
