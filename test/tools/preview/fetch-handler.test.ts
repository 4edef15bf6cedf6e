// toNodeListener when a host fails unexpectedly: a 500 in the contract's error envelope, without the failure's words,
// and the failure logged once however many requests repeat it.
import { afterEach, expect, it, vi } from 'vitest';
import { bindHost, type BoundHost } from '../../../generator/tools/preview/http/listen.js';
import { toNodeListener } from '../../../generator/tools/preview/http/fetch-handler.js';

let host: BoundHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

it('answers a host failure with a 500 envelope and logs each kind of failure once', async () => {
  host = await bindHost(0);
  const origin = `http://127.0.0.1:${host.port}`;
  host.setListener(
    toNodeListener(
      async () => {
        throw new TypeError('claims.scope.split is not a function');
      },
      () => origin,
    ),
  );
  const writes = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    for (const path of ['/a', '/b', '/c']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      const text = await response.text();
      expect(text).not.toMatch(/split|TypeError/);
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('internal_error');
    }
    expect(writes).toHaveBeenCalledTimes(1);
  } finally {
    writes.mockRestore();
  }
});
