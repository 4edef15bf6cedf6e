// Small pieces of the preview server: DNS rebinding rules, fixture cross-checks.
import { describe, expect, it } from 'vitest';
import { allowedHosts, allowedOrigins, rebindingProblem } from '../../../generator/tools/preview/mcp/rebinding.js';
import { fixtureProblems } from '../../../generator/tools/preview/fixture-check.js';
import type { Preview } from '../../../generator/model/preview.js';
import type { Model } from '../../../generator/model/types.js';
import { requirePreview } from '../../../generator/tools/preview/preview-model.js';

describe('DNS rebinding rules', () => {
  const hosts = allowedHosts('http://localhost:4102');
  const origins = allowedOrigins(['http://localhost:4100', 'http://localhost:4102']);
  const request = (headers: Record<string, string>) => new Request('http://localhost:4102/mcp', { headers });

  it('accepts the host and its loopback aliases, and the service’s origins', () => {
    expect(rebindingProblem(request({ host: 'localhost:4102' }), hosts, origins)).toBeUndefined();
    expect(
      rebindingProblem(request({ host: '127.0.0.1:4102', origin: 'http://localhost:4100' }), hosts, origins),
    ).toBeUndefined();
    expect(rebindingProblem(request({}), hosts, origins)).toBeUndefined();
  });

  it('refuses another host name, another port, and a foreign origin', () => {
    expect(rebindingProblem(request({ host: 'attacker.example' }), hosts, origins)).toMatch(/Host/);
    expect(rebindingProblem(request({ host: 'localhost:9999' }), hosts, origins)).toMatch(/Host/);
    expect(
      rebindingProblem(request({ host: 'localhost:4102', origin: 'http://attacker.example' }), hosts, origins),
    ).toMatch(/origin/);
    expect(rebindingProblem(request({ host: 'localhost:4102', origin: 'null' }), hosts, origins)).toMatch(/origin/);
  });

  it('gives a public host no loopback aliases', () => {
    expect([...allowedHosts('https://mcp.example.com')]).toEqual(['mcp.example.com']);
  });
});

describe('fixture cross-checks', () => {
  const good: Preview = {
    server: {
      defaultUser: 'u-a',
      tokenSecret: 'x'.repeat(32),
      accessTokenLifetimeSeconds: 60,
      refreshTokenLifetimeSeconds: 60,
      maxRequestBytes: 2048,
      mcpProtocolVersions: ['2025-11-25'],
    },
    fixtures: {
      users: [{ id: 'u-a', displayName: 'A' }],
      communities: [{ id: 'c-1', name: 'C', managedBy: ['u-a'] }],
      members: [{ id: 'm-1', communityId: 'c-1', displayName: 'M', joinedOn: '2026-01-01' }],
      products: [{ id: 'p-1', communityId: 'c-1', name: 'P', physical: true }],
      orders: [{ id: 'o-1', productId: 'p-1', quantity: 1, placedOn: '2026-01-02' }],
      plans: [
        { id: 'plan-1', type: 'BASIC', name: 'B', prices: [{ interval: 'month', amount: '0.00', currency: 'USD' }] },
      ],
    },
  };

  it('passes consistent fixtures', () => {
    expect(fixtureProblems(good)).toEqual([]);
  });

  it('names every dangling reference and duplicate id', () => {
    const bad: Preview = structuredClone(good);
    bad.server.defaultUser = 'u-x';
    bad.fixtures.communities[0]!.managedBy = ['u-ghost'];
    bad.fixtures.members.push({ id: 'm-1', communityId: 'c-9', displayName: 'N', joinedOn: '2026-01-01' });
    bad.fixtures.products[0]!.communityId = 'c-9';
    bad.fixtures.orders[0]!.productId = 'p-9';
    const problems = fixtureProblems(bad).join('\n');
    for (const expected of [
      'defaultUser',
      'u-ghost',
      'members: the id "m-1" is used twice',
      'members m-1: unknown communityId',
      'products p-1',
      'orders o-1',
    ]) {
      expect(problems).toContain(expected);
    }
  });

  it('keeps every host from starting on inconsistent or missing fixtures', () => {
    const bad: Preview = structuredClone(good);
    bad.fixtures.orders[0]!.productId = 'p-9';
    expect(() => requirePreview({ preview: bad } as Model)).toThrow(/inconsistent: orders o-1/);
    expect(() => requirePreview({} as Model)).toThrow(/no preview fixtures/);
    expect(requirePreview({ preview: good } as Model)).toBe(good);
  });
});
