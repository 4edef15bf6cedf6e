// Pricing API host: the one call, its preview-only answer, and each refusal in the contract's error envelope.
import { expect, it } from 'vitest';
import { at, expectEnvelope, type GetPreview } from '../harness.js';

export function pricingSuite(get: GetPreview): void {
  const path = () => get().model.pricingCall.path;
  const send = (init: RequestInit, where = path()) => get().pricing(new Request(at(get(), 'api_url', where), init));

  it('answers POST {} with the fixture plans, BASIC included, marked preview-only', async () => {
    const response = await send({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { _preview: string; plans: { id: string; type: string }[] };
    expect(body._preview).toMatch(/preview-only/i);
    expect(body.plans.map((p) => p.id)).toEqual(get().model.preview!.fixtures.plans.map((p) => p.id));
    expect(body.plans.some((p) => p.type === get().model.pricingCall.ignoredPlanType)).toBe(true);
  });

  it('refuses another method with 405 and Allow: POST', async () => {
    const response = await send({ method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expectEnvelope(await response.json(), 405, 'method_not_allowed');
  });

  it('refuses a body that is not JSON, or not an object, with 400', async () => {
    for (const [body, code] of [
      ['not json', 'invalid_json'],
      ['', 'invalid_json'],
      ['[]', 'invalid_payload'],
      ['"{}"', 'invalid_payload'],
      ['null', 'invalid_payload'],
      ['42', 'invalid_payload'],
    ] as const) {
      const response = await send({ method: 'POST', body });
      expect(response.status, body).toBe(400);
      expectEnvelope(await response.json(), 400, code);
    }
  });

  it('refuses a body larger than the limit with 413', async () => {
    const limit = get().model.preview!.server.maxRequestBytes;
    const response = await send({ method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(limit) }) });
    expect(response.status).toBe(413);
    expectEnvelope(await response.json(), 413, 'payload_too_large');
  });

  it('refuses an oversized body that declares no length (streamed) with 413', async () => {
    const limit = get().model.preview!.server.maxRequestBytes;
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > limit + 2048) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        }
      },
    });
    const response = await send({ method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('answers an unknown path with a 404 envelope naming the one call', async () => {
    const response = await send({ method: 'POST', body: '{}' }, '/api/v1/checkout');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { resolution: string } };
    expectEnvelope(body, 404, 'not_found');
    expect(body.error.resolution).toContain(get().model.pricingCall.path);
  });

  it('answers over a real socket too', async () => {
    const response = await fetch(at(get(), 'api_url', path()), { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
  });

  it('answers a CORS preflight for the call', async () => {
    const response = await send({
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe(get().model.pricingCall.method);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
}
