// The facts an agent-facing file must carry (content/agent-facts.yaml): how each is written (for the llms indexes and
// the ::agent-facts directive) and how a check recognizes it in any published text (one unit holding every needle).
import type { RootContent } from 'mdast';
import type { AgentFactId } from '../../model/agent-facts.js';
import type { Model } from '../../model/types.js';
import { fillAddresses, type Registry } from '../registry/registry.js';
import { code, link, list, paragraph, type Inline } from './mdast-build.js';
import { pageById } from './page-index.js';

/** Something a unit of text must contain: a literal, or a pattern. */
export type Needle = string | RegExp;

/** What makes a fact present: each requirement met by one unit (a sentence, list item, table row or JSON object). */
export interface FactRequirement {
  /** What is required, in words, for messages ("control list_members with its scope svc.members.read"). */
  what: string;
  needles: Needle[];
}

export interface FactDefinition {
  /** The fact in words, for messages and the README. */
  title: string;
  requirements(model: Model, registry: Registry): FactRequirement[];
  /** Requirements that must be met in this order through the file (the discovery chain). */
  ordered?: boolean;
  render(model: Model, registry: Registry): RootContent[];
}

const READ_ONLY: Needle = /read-only|"readOnly":true|"readOnlyHint":true/i;

export function mcpEndpointOf(model: Model): string {
  return fillAddresses(`{${model.mcpServer.host}}${model.mcpServer.endpointPath}`, model.addresses);
}

export function pricingUrlOf(model: Model): string {
  return fillAddresses(`{${model.pricingCall.host}}${model.pricingCall.path}`, model.addresses);
}

/** The twin URL of the page that describes errors, with its title; undefined when the registry has none. */
export function errorsGuideOf(model: Model, registry: Registry): { url: string; title: string } | undefined {
  const id = model.agentFacts?.errorsGuide;
  const page = id ? pageById(model, id) : undefined;
  const twin = page ? registry.get(page.twinPath) : undefined;
  return page && twin ? { url: registry.url(twin), title: page.title } : undefined;
}

const body = (model: Model) => JSON.stringify(model.pricingCall.requestPayload.example);

export const AGENT_FACTS: Record<AgentFactId, FactDefinition> = {
  'mcp-resource': {
    title: 'the MCP endpoint as the OAuth resource a token is for',
    requirements: (model) => [
      {
        what: `the MCP endpoint ${mcpEndpointOf(model)} named as the OAuth resource`,
        needles: [mcpEndpointOf(model), /\bresource\b/i],
      },
    ],
    render: (model) => {
      const endpoint = mcpEndpointOf(model);
      return [
        paragraph(
          code(endpoint),
          ` is the ${model.authentication.protocol} protected resource: a client requests its token for the resource `,
          code(endpoint),
          ` and sends it in the ${model.authentication.tokenTransport}.`,
        ),
      ];
    },
  },
  'mcp-transport': {
    title: 'the MCP endpoint and its transport',
    requirements: (model) => [
      {
        what: `the MCP endpoint ${mcpEndpointOf(model)} with its transport (${model.mcpServer.transport})`,
        needles: [mcpEndpointOf(model), model.mcpServer.transport],
      },
    ],
    render: (model) => [
      paragraph(
        'The MCP endpoint is ',
        code(mcpEndpointOf(model)),
        ` (${model.mcpServer.transport}, ${model.mcpServer.messageFormat}).`,
      ),
    ],
  },
  controls: {
    title: 'each control with its required scope and read-only nature',
    requirements: (model) =>
      model.mcpServer.controls.map((c) => ({
        what: `the control ${c.name} with its scope ${c.requiredScope}, read-only`,
        needles: [c.name, c.requiredScope, READ_ONLY],
      })),
    render: (model) => [
      paragraph('The MCP controls, each with the scope it requires:'),
      list(
        model.mcpServer.controls.map((c): Inline[] => [
          code(c.name),
          ` (${c.readOnly ? 'read-only' : 'writes'}, scope `,
          code(c.requiredScope),
          `): ${c.purpose}`,
        ]),
      ),
    ],
  },
  scopes: {
    title: 'the supported scopes',
    requirements: (model) =>
      model.authentication.scopes.map((s) => ({ what: `the scope ${s.name}`, needles: [s.name] })),
    render: (model) => [
      paragraph(
        'Supported scopes: ',
        ...model.authentication.scopes.flatMap((s, i): Inline[] => [
          ...(i ? ['; '] : []),
          code(s.name),
          ` (${s.covers.charAt(0).toLowerCase()}${s.covers.slice(1)})`,
        ]),
        '.',
      ),
    ],
  },
  'discovery-chain': {
    title: "the discovery chain's URLs, in order",
    ordered: true,
    requirements: (model) =>
      model.authentication.discoveryChain.map((s) => {
        const url = fillAddresses(s.url, model.addresses);
        return { what: `step ${s.step} of the discovery chain, ${url}`, needles: [url] };
      }),
    render: (model) => [
      paragraph('The OAuth discovery chain, followed in this order:'),
      list(
        model.authentication.discoveryChain.map((s): Inline[] => {
          const url = fillAddresses(s.url, model.addresses);
          return [link(url, code(url)), `: ${s.title}`];
        }),
        true,
      ),
    ],
  },
  'pricing-call': {
    title: "the pricing call's method, URL and body",
    requirements: (model) => [
      {
        what: `the pricing call ${model.pricingCall.method} ${pricingUrlOf(model)} with the body ${body(model)}`,
        needles: [model.pricingCall.method, pricingUrlOf(model), body(model)],
      },
    ],
    render: (model) => [
      paragraph(
        'The pricing call is ',
        code(`${model.pricingCall.method} ${pricingUrlOf(model)}`),
        ' with the JSON body ',
        code(body(model)),
        `; it returns ${model.pricingCall.response.description.charAt(0).toLowerCase()}${model.pricingCall.response.description.slice(1)}`,
      ),
    ],
  },
  'basic-rule': {
    title: "the BASIC rule, as a rule of the pricing call's response",
    requirements: (model) =>
      model.pricingCall.rules.map((r) => ({
        what: `the rule "${r.text}"`,
        needles: [fillAddresses(r.text, model.addresses)],
      })),
    render: (model) => model.pricingCall.rules.map((r) => paragraph(fillAddresses(r.text, model.addresses))),
  },
  errors: {
    title: 'where errors are described',
    requirements: (model, registry) => {
      const guide = errorsGuideOf(model, registry);
      return guide ? [{ what: `a link to ${guide.url}, where errors are described`, needles: [guide.url] }] : [];
    },
    render: (model, registry) => {
      const guide = errorsGuideOf(model, registry);
      if (!guide) return [];
      return [
        paragraph(
          'Errors (the JSON API error object and the data of MCP errors) are described in ',
          link(guide.url, guide.title),
          '.',
        ),
      ];
    },
  },
};

/** The facts of one file, in the order of the list, as Markdown blocks. */
export function renderFacts(ids: readonly AgentFactId[], model: Model, registry: Registry): RootContent[] {
  return ids.flatMap((id) => AGENT_FACTS[id].render(model, registry));
}

/** The facts content/agent-facts.yaml lists for a path ([] when it lists none). */
export function factsFor(model: Model, path: string): AgentFactId[] {
  return (model.agentFacts?.files.find((f) => f.path === path)?.facts ?? []) as AgentFactId[];
}
