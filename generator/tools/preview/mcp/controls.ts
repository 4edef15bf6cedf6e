// The three read-only controls of the MCP host: their preview input schemas and their answers over the preview records.
// The contract shows neither input parameters nor result shapes: both are preview-only, and say so.
import type { Tool, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Control } from '../../../model/types.js';
import { ControlError, JSON_RPC } from './control-error.js';
import type { PreviewRecords } from './records.js';

export const PREVIEW_NOTE =
  'Preview-only: the contract does not show input parameters or result shapes; these are examples of the preview server.';

type Arguments = Record<string, string>;
type Answer = (records: PreviewRecords, userId: string, args: Arguments) => Record<string, unknown>;

interface ControlShape {
  parameters: Record<string, string>;
  answer: Answer;
}

/** Ids a client can call the controls with, for one user: given as `examples` in each parameter's schema. */
export type ExampleIds = Partial<Record<string, string>>;

/**
 * The first of the user's communities with a physical product that has an order, and those ids: every control
 * answers them with records rather than an error (preview-only, like the parameters themselves).
 */
export function exampleIds(records: PreviewRecords, userId: string): ExampleIds {
  for (const community of records.managedCommunities(userId)) {
    for (const product of records.physicalProducts(community)) {
      const [order] = records.orders(product);
      if (order) return { communityId: community.id, productId: product.id, orderId: order.id };
    }
  }
  const [community] = records.managedCommunities(userId);
  return community ? { communityId: community.id } : {};
}

const ID_PATTERN = '^[a-z0-9][a-z0-9-]*$';

/** One entry per control the contract names; the names, purposes and scopes come from the model. */
const SHAPES: Record<string, ControlShape> = {
  list_members: {
    parameters: { communityId: 'Id of a community you manage (resources/list shows them).' },
    answer: (records, userId, args) => {
      const community = managed(records, userId, args.communityId!);
      return { communityId: community.id, members: records.members(community).map(({ communityId: _c, ...m }) => m) };
    },
  },
  list_physical_product_orders: {
    parameters: {
      communityId: 'Id of a community you manage.',
      productId: 'Id of a physical product of that community.',
    },
    answer: (records, userId, args) => {
      const community = managed(records, userId, args.communityId!);
      const product = records.physicalProduct(community, args.productId!);
      if (!product) {
        throw new ControlError(
          JSON_RPC.invalidParams,
          'product_not_found',
          `No physical product with id "${args.productId}" is in community "${community.id}".`,
          'Read the community’s physical products with resources/list (scope svc.products.read) and pass one of their ids. Physical products are the only product kind shown.',
        );
      }
      return {
        communityId: community.id,
        productId: product.id,
        orders: records.orders(product).map(({ productId: _p, ...o }) => o),
      };
    },
  },
  get_physical_product_order: {
    parameters: {
      communityId: 'Id of a community you manage.',
      orderId: 'Id of a physical product order in that community.',
    },
    answer: (records, userId, args) => {
      const community = managed(records, userId, args.communityId!);
      const found = records.order(community, args.orderId!);
      if (!found) {
        throw new ControlError(
          JSON_RPC.invalidParams,
          'order_not_found',
          `No physical product order with id "${args.orderId}" is in community "${community.id}".`,
          'List the orders of one of the community’s physical products with list_physical_product_orders and pass one of their ids.',
        );
      }
      return { communityId: community.id, order: { ...found.order } };
    },
  },
};

function managed(records: PreviewRecords, userId: string, communityId: string) {
  const community = records.managedCommunity(userId, communityId);
  // The same answer whether the community does not exist or someone else manages it: nothing leaks.
  if (!community) {
    throw new ControlError(
      JSON_RPC.invalidParams,
      'community_not_found',
      `No community with id "${communityId}" is managed by you.`,
      'A control runs only on communities managed by the authenticated user: list yours with resources/list (scope svc.communities.read) and pass one of their ids.',
    );
  }
  return community;
}

const SHAPES_FILE = 'generator/tools/preview/mcp/controls.ts';

/** What a control added in content lacks for the preview, at the control's content line; empty when nothing. */
export function missingControlShapes(controls: Control[]): { control: Control; reason: string; fix: string }[] {
  return controls
    .filter((control) => !SHAPES[control.name])
    .map((control) => ({
      control,
      reason: `The control \`${control.name}\` has no preview shape: the preview MCP host cannot list or answer it (its input parameters and its answer over the records of content/preview/fixtures.yaml).`,
      fix: `Add its shape to SHAPES in ${SHAPES_FILE} (parameters, and the records it answers with; add records to content/preview/fixtures.yaml if it reads new ones). The published files need nothing more: they state the control from content/mcp-server.yaml.`,
    }));
}

/**
 * The controls of the model, each with its preview shape and, for each parameter, an example id of the preview's default
 * user. A control without a shape is a content change this code lacks.
 */
export function controlTools(controls: Control[], examples: ExampleIds = {}): Tool[] {
  return controls.map((control) => {
    const shape = SHAPES[control.name];
    if (!shape) {
      const [missing] = missingControlShapes([control]);
      const at = `${control.source.file}${control.source.line ? `:${control.source.line}` : ''}`;
      throw new Error(`${at}: ${missing!.reason} Fix: ${missing!.fix}`);
    }
    return {
      name: control.name,
      title: control.title,
      description: `${control.purpose} Read-only. Requires scope ${control.requiredScope}. ${PREVIEW_NOTE}`,
      inputSchema: {
        type: 'object' as const,
        properties: Object.fromEntries(
          Object.entries(shape.parameters).map(([name, description]) => [
            name,
            {
              type: 'string',
              pattern: ID_PATTERN,
              description,
              ...(examples[name] ? { examples: [examples[name]] } : {}),
            },
          ]),
        ),
        required: Object.keys(shape.parameters),
        additionalProperties: false,
      },
      annotations: {
        title: control.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      _meta: { requiredScope: control.requiredScope, previewOnly: PREVIEW_NOTE },
    };
  });
}

/** Runs a control for a user; errors are JSON-RPC errors with data.code and data.resolution. */
export function callControl(
  records: PreviewRecords,
  userId: string,
  name: string,
  rawArgs: unknown,
  known: string[],
): CallToolResult {
  const shape = known.includes(name) ? SHAPES[name] : undefined;
  if (!shape) {
    throw new ControlError(
      JSON_RPC.invalidParams,
      'unknown_control',
      `There is no control named "${name}".`,
      `The controls are ${known.join(', ')}; confirm them with tools/list. No write control exists.`,
    );
  }
  const args = checkArguments(name, shape, rawArgs);
  const result = shape.answer(records, userId, args);
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
    _meta: { previewOnly: PREVIEW_NOTE },
  };
}

function checkArguments(name: string, shape: ControlShape, raw: unknown): Arguments {
  const expected = Object.keys(shape.parameters);
  const problem = (what: string) =>
    new ControlError(
      JSON_RPC.invalidParams,
      'invalid_arguments',
      `The arguments of ${name} are not valid: ${what}.`,
      `Pass an object with exactly ${expected.join(', ')}, each an id string (see the control's inputSchema in tools/list).`,
    );
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw problem('they are not an object');
  const args = raw as Record<string, unknown>;
  const extra = Object.keys(args).filter((k) => !expected.includes(k));
  if (extra.length > 0) throw problem(`unexpected ${extra.join(', ')}`);
  for (const key of expected) {
    const value = args[key];
    if (typeof value !== 'string' || !new RegExp(ID_PATTERN).test(value))
      throw problem(`${key} is missing or not an id`);
  }
  return args as Arguments;
}
