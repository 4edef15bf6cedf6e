// Preview tokens: what verifies, and every way a token is refused.
import { describe, expect, it } from 'vitest';
import { checkToken, mintToken } from '../../../generator/tools/preview/auth/tokens.js';

const base = {
  secret: 'test-secret-test-secret-test-secret-42',
  issuer: 'http://localhost:4103',
  userId: 'u-alice',
  resource: 'http://localhost:4102/mcp',
  scopes: ['svc.members.read'],
  clientId: 'c1',
  use: 'access' as const,
  lifetimeSeconds: 60,
};

describe('preview tokens', () => {
  it('verifies a token it minted, with its claims', async () => {
    const checked = await checkToken(await mintToken(base), base.secret, 'access');
    expect(checked.ok && checked.claims).toMatchObject({
      sub: 'u-alice',
      aud: base.resource,
      scope: 'svc.members.read',
      iss: base.issuer,
    });
  });

  it('refuses another secret, a changed payload, the wrong use, an expired token and garbage', async () => {
    const token = await mintToken(base);
    expect(await checkToken(token, 'another-secret-another-secret-another', 'access')).toMatchObject({
      ok: false,
      problem: /signature/,
    });
    const [h, p, s] = token.split('.');
    const widened = Buffer.from(
      Buffer.from(p!, 'base64url').toString().replace('svc.members.read', 'svc.orders.read'),
    ).toString('base64url');
    expect(await checkToken(`${h}.${widened}.${s}`, base.secret, 'access')).toMatchObject({
      ok: false,
      problem: /signature/,
    });
    expect(await checkToken(token, base.secret, 'refresh')).toMatchObject({ ok: false, problem: /refresh/ });
    const old = await mintToken({ ...base, now: 1_000 });
    expect(await checkToken(old, base.secret, 'access')).toMatchObject({ ok: false, problem: /expired/ });
    expect(await checkToken('a.b', base.secret, 'access')).toMatchObject({ ok: false });
    expect(await checkToken(`${h}.not-base64-json.${s}`, base.secret, 'access')).toMatchObject({ ok: false });
  });
});
