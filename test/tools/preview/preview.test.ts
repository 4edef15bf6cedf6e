// The preview server, end to end: one build on ports the system chooses, shared by every suite (a build costs seconds).
import { afterAll, beforeAll, describe } from 'vitest';
import { startPreview, type RunningPreview } from '../../../generator/tools/preview/preview.js';
import { siteSuite } from './suites/site.js';
import { pricingSuite } from './suites/pricing.js';
import { mcpAuthenticationSuite } from './suites/mcp-authentication.js';
import { mcpControlsSuite } from './suites/mcp-controls.js';
import { mcpHostileSuite } from './suites/mcp-hostile.js';
import { mcpFuzzSuite } from './suites/mcp-fuzz.js';
import { authServerSuite } from './suites/auth-server.js';
import { authHostileSuite } from './suites/auth-hostile.js';
import { chainSuite } from './suites/chain.js';

let preview: RunningPreview | undefined;
const get = () => {
  if (!preview) throw new Error('The preview did not start.');
  return preview;
};

beforeAll(async () => {
  preview = await startPreview({ ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 } });
}, 120_000);

afterAll(async () => {
  await preview?.close();
});

describe('site host', () => siteSuite(get));
describe('pricing API host', () => pricingSuite(get));
describe('MCP host: authentication, scopes, rebinding, sessions', () => mcpAuthenticationSuite(get));
describe('MCP host: discovery methods and controls', () => mcpControlsSuite(get));
describe('MCP host: hostile requests', () => mcpHostileSuite(get));
describe('MCP host: fuzzed requests', () => mcpFuzzSuite(get));
describe('authorization server', () => authServerSuite(get));
describe('authorization server: hostile requests', () => authHostileSuite(get));
describe('SDK client through the whole OAuth chain', () => chainSuite(get));
