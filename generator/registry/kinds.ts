// The kind table: for every kind of artifact, its media type, where it is written, how it is emitted and checked.
// Like mdast-util-to-hast's handlers: one entry per kind, each emitter in its own module under emit/.
import { emitStaticFile } from '../emit/static/static-file.js';
import type { KindTable } from './build-registry.js';

export const kinds: KindTable = {
  static: { mediaType: 'application/octet-stream', emit: emitStaticFile },
};
