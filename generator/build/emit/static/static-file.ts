// Emits a static file from content/static exactly as it is.
import type { Emitter } from '../../registry/types.js';

export const emitStaticFile: Emitter = (entry, { model }) => {
  const file = model.staticFiles.find((f) => f.path === entry.path);
  if (!file) throw new Error(`No static file for ${entry.path}`);
  return file.bytes;
};
