// Turns the checked content documents into the typed model, and checks the facts against each other.
import type { DeployTarget } from '../../model/types.js';
import { didYouMean } from '../messages/suggest.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import type {
  Authentication,
  Boundaries,
  DiscoveryResource,
  EnvironmentName,
  Errors,
  Identity,
  InterfacePart,
  McpClients,
  McpServer,
  Model,
  NotShown,
  Page,
  PricingCall,
  PageNegotiation,
  Publication,
  Resource,
  SourcePlace,
  Addresses,
} from '../../model/types.js';
import type { YamlSource } from './yaml-source.js';
import type { KeptVerdicts } from '../cache/verdicts.js';
import type { Preview } from '../../model/preview.js';
import { placeOf } from './yaml-source.js';
import { checkPublicPages, readPublicPages } from './route-families.js';
import { checkAgentFacts, readAgentFacts } from './agent-facts.js';
import { READ_VERBS, writeVerbOf } from '../../model/control-verbs.js';

/** Every YAML document's top-level keys, with the source each came from. */
export type Facts = Map<string, { value: unknown; source: YamlSource }>;

/**
 * A check of the content set that needs its sources as editors wrote them (the boundaries guard), run once the model
 * is assembled; given by the caller, since such checks belong to later stages.
 */
export type ContentCheck = (
  input: { sources: YamlSource[]; pages: Page[]; verdicts?: KeptVerdicts },
  model: Model,
  diagnostics: Diagnostics,
) => void;

interface AssembleInput {
  env: EnvironmentName;
  facts: Facts;
  pages: Page[];
  staticFiles: Model['staticFiles'];
  checks?: ContentCheck[];
  /** The verdicts the checks keep per page, in the scope of the model assembled (a build with a cache folder). */
  verdicts?: (model: Model) => KeptVerdicts;
}

const requiredFacts = [
  'identity',
  'environments',
  'interfaceParts',
  'resources',
  'discoveryResources',
  'pricingCall',
  'mcpServer',
  'authentication',
  'boundaries',
  'errors',
  'notShown',
  'publication',
  'pageNegotiation',
] as const;

export function assembleModel(input: AssembleInput, diagnostics: Diagnostics): Model | undefined {
  const { facts } = input;
  for (const key of requiredFacts) {
    if (!facts.has(key)) {
      diagnostics.error('load', {
        ruleId: 'missing-fact',
        reason: `The content set has no \`${key}\`.`,
        fix: `Restore the content file that defines \`${key}\` (see README, "Content layout").`,
        file: 'content/',
      });
    }
  }
  if (diagnostics.hasErrors) return undefined;

  const get = <T>(key: string) => facts.get(key)!.value as T;
  const at = (key: string, ...segments: (string | number)[]): SourcePlace =>
    placeOf(facts.get(key)!.source, [key, ...segments]);

  const environments = get<Record<EnvironmentName, Addresses>>('environments');
  const discoveryResources: DiscoveryResource[] = [
    ...get<Omit<DiscoveryResource, 'inContract' | 'source'>[]>('discoveryResources').map((r, i) => ({
      ...r,
      inContract: true,
      source: at('discoveryResources', i),
    })),
    ...(facts.has('supportingFiles')
      ? get<Omit<DiscoveryResource, 'inContract' | 'source'>[]>('supportingFiles').map((r, i) => ({
          ...r,
          inContract: false,
          source: at('supportingFiles', i),
        }))
      : []),
  ];
  const mcpRaw = get<Omit<McpServer, 'controls'> & { controls: Omit<McpServer['controls'][number], 'source'>[] }>(
    'mcpServer',
  );
  const mcpServer: McpServer = {
    ...mcpRaw,
    controls: mcpRaw.controls.map((c, i) => ({ ...c, source: at('mcpServer', 'controls', i) })),
  };

  const model: Model = {
    env: input.env,
    addresses: environments[input.env],
    environments,
    identity: get<Identity>('identity'),
    interfaceParts: get<InterfacePart[]>('interfaceParts'),
    resources: get<Resource[]>('resources'),
    discoveryResources,
    groups: facts.has('groups')
      ? get<{ id: string; description: string }[]>('groups').map((g, i) => ({ ...g, source: at('groups', i) }))
      : [],
    pricingCall: get<PricingCall>('pricingCall'),
    mcpServer,
    authentication: get<Authentication>('authentication'),
    boundaries: get<Boundaries>('boundaries'),
    errors: get<Errors>('errors'),
    notShown: get<NotShown[]>('notShown'),
    publication: get<Publication>('publication'),
    pageNegotiation: get<PageNegotiation>('pageNegotiation'),
    deployTargets: facts.has('deployTargets')
      ? get<Omit<DeployTarget, 'source'>[]>('deployTargets').map((t, i) => ({ ...t, source: at('deployTargets', i) }))
      : [],
    ...(facts.has('agentFacts') ? { agentFacts: readAgentFacts(get('agentFacts'), at) } : {}),
    pages: orderPages(input.pages),
    ...(facts.has('publicPages') ? { publicPages: readPublicPages(get('publicPages'), at) } : {}),
    ...(facts.has('mcpClients')
      ? { mcpClients: { ...get<Omit<McpClients, 'source'>>('mcpClients'), source: at('mcpClients') } }
      : {}),
    staticFiles: input.staticFiles,
    preview:
      facts.has('previewServer') && facts.has('previewFixtures')
        ? { server: get<Preview['server']>('previewServer'), fixtures: get<Preview['fixtures']>('previewFixtures') }
        : undefined,
  };

  crossCheck(model, at, diagnostics);
  // The contract's boundaries, checked where editors write them (content/*.yaml, content/pages/*.md).
  const sources = [...new Set([...facts.values()].map((f) => f.source))];
  const verdicts = input.checks?.length ? input.verdicts?.(model) : undefined;
  for (const check of input.checks ?? []) check({ sources, pages: model.pages, verdicts }, model, diagnostics);
  checkPublicPages(model, at, diagnostics);
  checkAgentFacts(model, diagnostics);
  return diagnostics.hasErrors ? undefined : model;
}

/** Top-level pages first, then each section's sub-pages in the editors' order (then by name). */
function orderPages(pages: Page[]): Page[] {
  return [...pages].sort((a, b) => {
    const sa = a.section ?? a.id;
    const sb = b.section ?? b.id;
    if (sa !== sb) return sa < sb ? -1 : 1;
    if (!a.section) return -1;
    if (!b.section) return 1;
    return a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

type At = (key: string, ...segments: (string | number)[]) => SourcePlace;

function crossCheck(model: Model, at: At, diagnostics: Diagnostics): void {
  const scopes = new Set(model.authentication.scopes.map((s) => s.name));
  const scopeList = [...scopes].join(', ');

  model.mcpServer.controls.forEach((control, i) => {
    if (!scopes.has(control.requiredScope)) {
      diagnostics.error('load', {
        ruleId: 'unknown-scope',
        reason: `Control \`${control.name}\` requires scope \`${control.requiredScope}\`, which is not among the supported scopes (${scopeList}).`,
        fix: `${didYouMean(control.requiredScope, scopes)}Use one of the scopes listed in content/authentication.yaml, or add the scope there if the contract has it.`,
        place: at('mcpServer', 'controls', i, 'requiredScope'),
      });
    }
  });
  model.mcpServer.controls.forEach((control, i) => {
    const write = writeVerbOf(control);
    if (!write) return;
    diagnostics.error('load', {
      ruleId: 'write-control',
      reason: `Control \`${control.name}\` reads as a write operation (\`${write.verb}\`) by its ${write.field}, but the public contract has no write tool: every control only reads.`,
      fix: `Remove the control. A control of the contract reads, and says so in its name and title (${READ_VERBS.join(', ')}).`,
      place: at('mcpServer', 'controls', i, write.field),
    });
  });
  const controlNames = new Set(model.mcpServer.controls.map((c) => c.name));
  const seenControls = new Set<string>();
  model.mcpServer.controls.forEach((control, i) => {
    if (seenControls.has(control.name)) {
      diagnostics.error('load', {
        ruleId: 'duplicate-control',
        reason: `Control \`${control.name}\` is listed twice.`,
        fix: 'List each control once.',
        place: at('mcpServer', 'controls', i, 'name'),
      });
    }
    seenControls.add(control.name);
  });

  model.resources.forEach((resource, i) => {
    if (resource.scope && !scopes.has(resource.scope)) {
      diagnostics.error('load', {
        ruleId: 'unknown-scope',
        reason: `Resource \`${resource.id}\` names scope \`${resource.scope}\`, which is not among the supported scopes (${scopeList}).`,
        fix: `${didYouMean(resource.scope, scopes)}Use one of the scopes listed in content/authentication.yaml.`,
        place: at('resources', i, 'scope'),
      });
    }
    resource.controls?.forEach((name, j) => {
      if (!controlNames.has(name)) {
        diagnostics.error('load', {
          ruleId: 'unknown-control',
          reason: `Resource \`${resource.id}\` names control \`${name}\`, which content/mcp-server.yaml does not list.`,
          fix: 'Name one of the controls of content/mcp-server.yaml.',
          place: at('resources', i, 'controls', j),
        });
      }
    });
  });

  model.authentication.discoveryChain.forEach((step, i) => {
    if (step.step !== i + 1) {
      diagnostics.error('load', {
        ruleId: 'discovery-chain-order',
        reason: `Step ${step.step} of the discovery chain is listed in position ${i + 1}.`,
        fix: 'List the discovery chain in its order, numbered from 1.',
        place: at('authentication', 'discoveryChain', i, 'step'),
      });
    }
  });

  const claimed = new Map<string, DiscoveryResource>();
  const pageIds = new Set(model.pages.map((p) => p.id));
  for (const resource of model.discoveryResources) {
    const first = claimed.get(resource.path);
    if (first) {
      diagnostics.error('load', {
        ruleId: 'duplicate-path',
        reason: `Two resources claim the path ${resource.path}: "${first.title}" (${describePlace(first.source)}) and "${resource.title}".`,
        fix: 'Give each resource its own path, or remove one of them.',
        place: resource.source,
      });
    } else {
      claimed.set(resource.path, resource);
    }
    if (resource.page && !pageIds.has(resource.page)) {
      diagnostics.error('load', {
        ruleId: 'missing-page',
        reason: `Resource ${resource.path} is built from the page \`${resource.page}\`, but content/pages/${resource.page}.md does not exist.`,
        fix: `Create content/pages/${resource.page}.md, or correct \`page\`.`,
        place: resource.source,
      });
    }
  }
  const groups = new Set(model.groups.map((g) => g.id));
  for (const resource of model.discoveryResources) {
    if (groups.size > 0 && !groups.has(resource.group)) {
      diagnostics.error('load', {
        ruleId: 'unknown-group',
        reason: `Resource ${resource.path} is in the group \`${resource.group}\`, which content/discovery-resources.yaml \`groups\` does not declare.`,
        fix: `Use a declared group (${[...groups].join(', ')}), or declare it with its description.`,
        place: resource.source,
      });
    }
  }
  for (const resource of model.discoveryResources) {
    if (!resource.aliasOf) continue;
    const target = claimed.get(resource.aliasOf);
    if (!target || target.kind !== resource.kind || target.aliasOf) {
      diagnostics.error('load', {
        ruleId: 'unknown-alias',
        reason: `Resource ${resource.path} is an alias of ${resource.aliasOf}, which is not a resource of the same kind (${resource.kind}).`,
        fix: 'Point `aliasOf` at the path of the resource whose bytes this one repeats.',
        place: resource.source,
      });
    }
  }

  for (const page of model.pages) {
    if (page.section && !pageIds.has(page.section)) {
      diagnostics.error('load', {
        ruleId: 'missing-section-page',
        reason: `The page ${page.id} belongs to the section \`${page.section}\`, which has no page content/pages/${page.section}.md.`,
        fix: `Create content/pages/${page.section}.md, or move the page into an existing section folder.`,
        place: page.source,
      });
    }
  }
}

function describePlace(place: SourcePlace): string {
  return place.line ? `${place.file}:${place.line}` : place.file;
}
