// The verifier against the real preview server (generator/tools/preview/), started in-process on ports chosen by the system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningPreview } from '../../../generator/tools/preview/preview.js';
import { runVerify } from '../../../generator/tools/audit/run-verify.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let preview: RunningPreview;
let content: TempContent;
// One snapshot of the content for the server and the verifier, so that edits to content/ meanwhile change neither.
beforeAll(async () => {
  content = await copyContent('verify-preview-');
  preview = await startPreview({
    ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    contentDir: content.contentDir,
  });
}, 120_000);
afterAll(async () => {
  await preview?.close();
  await content?.remove();
});

describe('verify against the preview server', () => {
  it('passes, with a token obtained from the preview authorization server by a headless OAuth client', async () => {
    const result = await runVerify({
      addresses: preview.addresses,
      credentials: { previewAuth: true },
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
    });
    const failed = result.card.failures.map((c) => `${c.check} ${c.subject}: ${c.detail}`);
    expect(failed).toEqual([]);
    expect(result.target?.env).toBe('preview');
    const passed = (check: string) => result.card.checks.some((c) => c.check === check && c.outcome === 'pass');
    for (const check of [
      'content',
      'validity',
      'issuer',
      'resource',
      'requires-token',
      'connect',
      'declared-tools',
      'no-undeclared-tools',
      'read-only',
    ]) {
      expect(passed(check), check).toBe(true);
    }
  }, 240_000);
});
