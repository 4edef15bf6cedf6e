// Reads a request body up to a byte limit, so an oversized body is refused without being held in memory.

export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true };

export async function readLimitedBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, tooLarge: true };
  }
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  return { ok: true, text: new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks)) };
}
