// The absolute URLs of a published artifact, found once per stretch of text (see artifact-units.ts) and check run:
// a URL never crosses a cut (a cut is a "<"), so a stretch's URLs are the artifact's URLs there.
import type { ArtifactText } from './artifact-text.js';
import { unitChunksOfArtifact, type UnitChunk } from './artifact-units.js';
import { absoluteUrls, type FoundUrl } from '../../text/urls.js';

const byChunk = new WeakMap<UnitChunk, FoundUrl[]>();
const byItem = new WeakMap<ArtifactText, FoundUrl[]>();

/** A stretch's URLs, with offsets in the stretch. */
export function urlsOfChunk(chunk: UnitChunk): FoundUrl[] {
  let urls = byChunk.get(chunk);
  if (!urls) byChunk.set(chunk, (urls = absoluteUrls(chunk.text)));
  return urls;
}

/** The artifact's URLs, with offsets in its text. */
export function urlsOfArtifact(item: ArtifactText): FoundUrl[] {
  let urls = byItem.get(item);
  if (!urls) {
    urls = unitChunksOfArtifact(item).flatMap(({ offset, chunk }) =>
      offset === 0 ? urlsOfChunk(chunk) : urlsOfChunk(chunk).map((u) => ({ url: u.url, offset: u.offset + offset })),
    );
    byItem.set(item, urls);
  }
  return urls;
}
