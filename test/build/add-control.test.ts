// Adding an MCP control is a supported edit: a fourth control in a copy of the content appears in every card, page and
// index that lists the controls, and the preview refuses to start, at the control's content line, until it has the
// control's preview shape.
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/build/pipeline.js';
import { PreviewBuildError, startPreview } from '../../generator/tools/preview/preview.js';
import { copyContent, editContent, lineOf } from '../helpers/content.js';

const NEW_CONTROL = `    - name: list_products
      title: List physical products
      purpose: List the physical products of a community managed by the authenticated user.
      requiredScope: svc.products.read
      readOnly: true
`;

async function contentWithFourthControl(): Promise<string> {
  const content = await copyContent();
  await editContent(
    content,
    'mcp-server.yaml',
    '  # Paths that are NOT MCP endpoints.',
    `${NEW_CONTROL}  # Paths that are NOT MCP endpoints.`,
  );
  // The README's steps: the resource the control reads names it too.
  await editContent(
    content,
    'resources.yaml',
    '    name: Product\n    appearsIn: MCP server\n',
    '    name: Product\n    appearsIn: MCP control list_products\n    controls: [list_products]\n',
  );
  return content;
}

describe('a fourth control added in content', () => {
  it('appears in every card, page and index that lists the controls, and the build passes every check', async () => {
    const content = await contentWithFourthControl();
    const result = await runPipeline({ env: 'production', contentDir: content });
    expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
    const texts = result.artifacts!.values().map((a) => ({ path: a.entry.path, text: result.artifacts!.text(a) }));
    const listing = texts.filter((t) => t.text.includes('list_physical_product_orders'));
    expect(listing.map((t) => t.path)).toEqual(
      expect.arrayContaining([
        '/.well-known/mcp.json',
        '/.well-known/agent-card.json',
        '/.well-known/agent.json',
        '/llms.txt',
        '/mcp/llms.txt',
        '/ai/llms.txt',
        '/llms-full.txt',
        '/mcp.md',
        '/auth.md',
        '/mcp',
      ]),
    );
    for (const { path, text } of listing) expect(text, path).toContain('list_products');
    const card = JSON.parse(texts.find((t) => t.path === '/.well-known/mcp.json')!.text);
    expect(card.tools.at(-1)).toEqual({
      name: 'list_products',
      title: 'List physical products',
      description: 'List the physical products of a community managed by the authenticated user.',
      annotations: { readOnlyHint: true },
      _meta: { 'com.example/contract': { requiredScope: 'svc.products.read' } },
    });
    expect(texts.find((t) => t.path === '/llms.txt')!.text).toContain(
      '- `list_products` (read-only, scope `svc.products.read`): List the physical products',
    );
  });

  it('stops the preview at the control’s content line, naming the preview shape it lacks', async () => {
    const content = await contentWithFourthControl();
    const error = await startPreview({
      contentDir: content,
      ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    }).then(
      (running) => running.close().then(() => undefined),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PreviewBuildError);
    const messages = (error as PreviewBuildError).diagnostics.list();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'preview-control-shape',
      file: 'content/mcp-server.yaml',
      line: await lineOf(content, 'mcp-server.yaml', '    - name: list_products'),
    });
    expect(messages[0]!.reason).toContain('`list_products` has no preview shape');
    expect((error as PreviewBuildError).diagnostics.report()).toContain('generator/tools/preview/mcp/controls.ts');
  }, 60_000);
});
