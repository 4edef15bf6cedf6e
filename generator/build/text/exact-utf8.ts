// UTF-8 bytes the build encoded from a text of its own, decoded back to exactly that text: a byte-order mark at their
// start is the text's own character, not a mark to drop as it is when a content file is read.
const exact = new TextDecoder('utf-8', { ignoreBOM: true });

export const decodeExactly = (bytes: Uint8Array): string => exact.decode(bytes);
