// MCP host: the discovery methods, the three read-only controls, and answers that reveal nothing the user may not see.
import { expect, it } from 'vitest';
import { call, openSession, token, type GetPreview } from '../harness.js';

export function mcpControlsSuite(get: GetPreview): void {
  const session = async (user = 'u-alice', scopes?: string[]) =>
    openSession(get(), await token(get(), { user, scopes }));
  const tool = async (s: Record<string, string>, name: string, args: unknown) =>
    call(get(), s, 'tools/call', { name, arguments: args });

  it('lists exactly the model’s controls, each read-only, with its scope and a preview-only note', async () => {
    const { body } = await call(get(), await session(), 'tools/list');
    const tools = body.result!.tools as {
      name: string;
      annotations: { readOnlyHint: boolean; destructiveHint: boolean };
      description: string;
      _meta: { requiredScope: string };
    }[];
    expect(tools.map((t) => t.name)).toEqual(get().model.mcpServer.controls.map((c) => c.name));
    for (const t of tools) {
      expect(t.annotations.readOnlyHint, t.name).toBe(true);
      expect(t.annotations.destructiveHint, t.name).toBe(false);
      expect(t.description, t.name).toMatch(/preview-only/i);
      expect(t._meta.requiredScope).toBe(get().model.mcpServer.controls.find((c) => c.name === t.name)!.requiredScope);
    }
  });

  it('lists community and product context only for the scopes held, and only the user’s communities', async () => {
    const all = await call(get(), await session('u-alice'), 'resources/list');
    const uris = (all.body.result!.resources as { uri: string }[]).map((r) => r.uri);
    expect(uris).toContain('preview://communities/c-makers');
    expect(uris).toContain('preview://communities/c-makers/products/p-lamp');
    expect(uris.some((u) => u.includes('c-bakery'))).toBe(false);
    expect(uris.some((u) => u.includes('p-workshop'))).toBe(false);
    const narrow = await call(get(), await session('u-alice', ['svc.members.read']), 'resources/list');
    expect(narrow.body.result!.resources).toEqual([]);
    const templates = await call(get(), await session(), 'resources/templates/list');
    expect((templates.body.result!.resourceTemplates as unknown[]).length).toBe(2);
  });

  it('reads a managed community and a physical product; anything else is the same not-found', async () => {
    const s = await session('u-alice');
    const community = await call(get(), s, 'resources/read', { uri: 'preview://communities/c-makers' });
    expect(JSON.parse((community.body.result!.contents as { text: string }[])[0]!.text).id).toBe('c-makers');
    const answers = [];
    for (const uri of [
      'preview://communities/c-bakery',
      'preview://communities/c-nope',
      'preview://communities/c-makers/products/p-workshop',
      'preview://communities/c-makers/products/p-nope',
    ]) {
      const { body } = await call(get(), s, 'resources/read', { uri });
      expect(body.error!.code, uri).toBe(-32002);
      expect(body.error!.data!.code, uri).toBe('resource_not_found');
      answers.push(body.error!.message.replace(uri, '<uri>'));
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('runs each control on a managed community', async () => {
    const s = await session('u-alice');
    const members = await tool(s, 'list_members', { communityId: 'c-makers' });
    const expected = get()
      .model.preview!.fixtures.members.filter((m) => m.communityId === 'c-makers')
      .map((m) => m.id);
    expect((members.body.result!.structuredContent as { members: { id: string }[] }).members.map((m) => m.id)).toEqual(
      expected,
    );
    const orders = await tool(s, 'list_physical_product_orders', { communityId: 'c-makers', productId: 'p-lamp' });
    expect((orders.body.result!.structuredContent as { orders: { id: string }[] }).orders.map((o) => o.id)).toEqual([
      'o-1001',
      'o-1002',
    ]);
    const order = await tool(s, 'get_physical_product_order', { communityId: 'c-makers', orderId: 'o-1002' });
    expect((order.body.result!.structuredContent as { order: { id: string } }).order.id).toBe('o-1002');
    expect((order.body.result!._meta as { previewOnly: string }).previewOnly).toMatch(/preview-only/i);
  });

  /** The JSON-RPC error of a call, with the ids it names blanked, to compare answers for different records. */
  async function refusal(s: Record<string, string>, name: string, args: Record<string, string>, dataCode: string) {
    const { status, body } = await tool(s, name, args);
    expect(status).toBe(200);
    expect(body.result).toBeUndefined();
    expect(body.error!.code).toBe(-32602);
    expect(body.error!.data!.code).toBe(dataCode);
    expect(body.error!.data!.resolution.length).toBeGreaterThan(10);
    let message = body.error!.message;
    for (const value of Object.values(args)) message = message.replaceAll(value, '<id>');
    return message;
  }

  it('answers a community the user does not manage exactly like one that does not exist', async () => {
    const s = await session('u-alice');
    const notMine = await refusal(s, 'list_members', { communityId: 'c-bakery' }, 'community_not_found');
    const missing = await refusal(s, 'list_members', { communityId: 'c-nowhere' }, 'community_not_found');
    expect(notMine).toBe(missing);
    const managesNothing = await session('u-carol');
    expect(await refusal(managesNothing, 'list_members', { communityId: 'c-makers' }, 'community_not_found')).toBe(
      missing,
    );
  });

  it('answers an order outside the community, of a non-physical product, or missing, the same way', async () => {
    const s = await session('u-alice');
    const args = (orderId: string) => ({ communityId: 'c-makers', orderId });
    const outside = await refusal(s, 'get_physical_product_order', args('o-3001'), 'order_not_found');
    const otherOwn = await refusal(s, 'get_physical_product_order', args('o-2001'), 'order_not_found');
    const nonPhysical = await refusal(s, 'get_physical_product_order', args('o-9001'), 'order_not_found');
    const missing = await refusal(s, 'get_physical_product_order', args('o-0000'), 'order_not_found');
    expect(new Set([outside, otherOwn, nonPhysical, missing]).size).toBe(1);
    const inOtherCommunity = await refusal(
      s,
      'get_physical_product_order',
      { communityId: 'c-bakery', orderId: 'o-3001' },
      'community_not_found',
    );
    expect(inOtherCommunity).toMatch(/community/);
  });

  it('answers a non-physical product like a missing one', async () => {
    const s = await session('u-alice');
    const args = (productId: string) => ({ communityId: 'c-makers', productId });
    const digital = await refusal(s, 'list_physical_product_orders', args('p-workshop'), 'product_not_found');
    const elsewhere = await refusal(s, 'list_physical_product_orders', args('p-bread'), 'product_not_found');
    const missing = await refusal(s, 'list_physical_product_orders', args('p-none'), 'product_not_found');
    expect(new Set([digital, elsewhere, missing]).size).toBe(1);
  });

  it('refuses unknown controls and bad arguments as JSON-RPC errors with data', async () => {
    const s = await session('u-alice');
    const unknown = await tool(s, 'create_order', { communityId: 'c-makers' });
    expect(unknown.body.error!.code).toBe(-32602);
    expect(unknown.body.error!.data!.code).toBe('unknown_control');
    for (const args of [
      undefined,
      { communityId: 7 },
      { communityId: 'c-makers', extra: 'x' },
      { communityId: '../x' },
    ]) {
      const { body } = await tool(s, 'list_members', args);
      expect(body.error!.data!.code, JSON.stringify(args)).toBe('invalid_arguments');
    }
  });
}
