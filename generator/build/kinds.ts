// The kind table: for every kind of artifact, its media type, where it is written, how it is emitted and checked.
// Like mdast-util-to-hast's handlers: one entry per kind; each family keeps its kinds in emit/<family>/kinds.ts.
import { emitStaticFile } from './emit/static/static-file.js';
import { pagesKinds } from './emit/guidance/kinds.js';
import { discoveryKinds } from './emit/discovery/kinds.js';
import { publicPagesKinds } from './emit/public-pages/kinds.js';
import { cdnKinds } from './emit/cdn/kinds.js';
import type { KindTable } from './registry/build-registry.js';

export const kinds: KindTable = {
  static: { mediaType: 'application/octet-stream', emit: emitStaticFile },
  ...pagesKinds,
  ...discoveryKinds,
  ...publicPagesKinds,
  ...cdnKinds,
};
