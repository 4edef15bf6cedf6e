// The size an agent pays to read a file: characters and an estimated token count.

/**
 * Roughly four characters per token for English prose and Markdown with common tokenizers; an estimate for
 * comparing sizes between builds, not a billing figure.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / CHARS_PER_TOKEN);
}

export interface TextSize {
  bytes: number;
  chars: number;
  tokens: number;
}

export function sizeOf(body: Uint8Array): TextSize {
  const text = new TextDecoder().decode(body);
  return { bytes: body.byteLength, chars: [...text].length, tokens: estimateTokens(text) };
}
