import { beforeAll, describe, expect, it } from 'vitest';
import { displayPath } from '../../../../generator/build/registry/display-path.js';
import type { HostName } from '../../../../generator/build/registry/types.js';
import { isRuleId } from '../../../../generator/build/messages/rules.js';
import { buildShipped, checkCorrupted, type Built } from './build.js';

// `npm run validate` may be pointed at any tree: every discovery validator must report, never throw, on garbage.
let built: Built;
beforeAll(async () => {
  built = await buildShipped('preview');
});

const ARTIFACTS: [string, HostName][] = [
  ['/openapi.json', 'site'],
  ['/.well-known/mcp.json', 'site'],
  ['/.well-known/agent-card.json', 'site'],
  ['/.well-known/agent.json', 'site'],
  ['/.well-known/api-catalog', 'site'],
  ['/.well-known/oauth-protected-resource', 'mcp'],
  ['/.well-known/oauth-authorization-server', 'auth'],
];
const GARBAGE = [
  '',
  'null\n',
  '[]\n',
  '"text"\n',
  '{}\n',
  '{"paths": {"/x": null}, "linkset": [null, 3], "remotes": [null]}\n',
];

describe('garbage in a discovery file', () => {
  for (const [path, host] of ARTIFACTS) {
    it(`${path}: reported, never a crash`, () => {
      const file = displayPath(built.registry.get(path, host)!);
      for (const body of GARBAGE) {
        const { messages } = checkCorrupted(built, path, body, host);
        expect(messages.length, `${path} with ${JSON.stringify(body)}`).toBeGreaterThan(0);
        expect(messages.every((m) => m.fatal && isRuleId(m.ruleId) && m.file === file)).toBe(true);
      }
    });
  }
});
