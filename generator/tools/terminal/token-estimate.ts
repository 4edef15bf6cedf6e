// The size an agent pays to read a file: bytes, characters and estimated tokens, counted as the build summary counts them.
import { estimateTokens } from './llms-summary.js';

export interface TextSize {
  bytes: number;
  chars: number;
  tokens: number;
}

export function sizeOf(body: Uint8Array): TextSize {
  const chars = new TextDecoder().decode(body).length;
  return { bytes: body.byteLength, chars, tokens: estimateTokens(chars) };
}
