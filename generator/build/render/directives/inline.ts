// Inline directives: facts used inside a sentence (`:service-name`, `:mcp-endpoint`, `:pricing-endpoint`).
import { code, text } from '../mdast-build.js';
import type { InlineDirective } from './types.js';

export const serviceName: InlineDirective = {
  summary: "The service's name.",
  expand: ({ model }) => [text(model.identity.name)],
};

export const mcpEndpoint: InlineDirective = {
  summary: "The hosted MCP server's endpoint address.",
  expand: ({ model, fill }) => [code(fill(`{${model.mcpServer.host}}${model.mcpServer.endpointPath}`))],
};

export const pricingEndpoint: InlineDirective = {
  summary: "The pricing call's method and address.",
  expand: ({ model, fill }) => [
    code(`${model.pricingCall.method} ${fill(`{${model.pricingCall.host}}${model.pricingCall.path}`)}`),
  ],
};
