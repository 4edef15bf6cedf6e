// The verifier against the real preview server (mock/), started in-process on ports chosen by the system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningPreview } from '../../mock/preview.js';
import { runVerify } from '../../generator/verify/run-verify.js';

let preview: RunningPreview;
beforeAll(async () => {
  preview = await startPreview({ ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 } });
}, 120_000);
afterAll(async () => {
  await preview?.close();
});

describe('verify against the preview server', () => {
  it(
    'passes, with a token obtained from the preview authorization server by a headless OAuth client',
    async () => {
      const result = await runVerify({ addresses: preview.addresses, credentials: { previewAuth: true } });
      const failed = result.card.failures.map((c) => `${c.check} ${c.subject}: ${c.detail}`);
      expect(failed).toEqual([]);
      expect(result.target?.env).toBe('preview');
      const passed = (check: string) => result.card.checks.some((c) => c.check === check && c.outcome === 'pass');
      for (const check of ['content', 'validity', 'issuer', 'resource', 'requires-token', 'connect', 'declared-tools', 'no-undeclared-tools', 'read-only']) {
        expect(passed(check), check).toBe(true);
      }
    },
    240_000,
  );
});
