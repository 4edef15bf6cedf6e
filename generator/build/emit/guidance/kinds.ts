// The pages family's kinds: media type, output file, emitter and validators of each.
import type { FamilyKinds } from '../../registry/build-registry.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import { emitHtmlPage, htmlFileOf } from './html-page.js';
import { emitMarkdown } from './markdown.js';
import { emitLlmsIndex } from './llms-index.js';
import { emitLlmsRoot } from './llms-root.js';
import { emitLlmsFull } from './llms-full.js';
import { llmsFullSize, llmsLinks, llmsSize, llmsStructure } from './validate-llms.js';
import { htmlPageHead, markdownTwin, noPlaceholders, pageReadingOrder, safeUrls } from './validate-page.js';
import { deriveThemeAssets, emitThemeAsset } from './theme-assets.js';
import { notFoundPageEntries, notFoundTwinEntries } from './not-found.js';

export const pagesKinds = {
  'html-page': {
    mediaType: MEDIA_TYPES.html,
    file: htmlFileOf,
    emit: emitHtmlPage,
    validate: [htmlPageHead, pageReadingOrder, safeUrls, noPlaceholders],
    validatorsReadOwnBytes: true,
    inSitemap: true,
  },
  // The stylesheet (and any other file of the theme), named by a hash of its bytes.
  'theme-asset': {
    mediaType: MEDIA_TYPES.css,
    emit: emitThemeAsset,
    derive: deriveThemeAssets,
  },
  // Twins and llms files are read by agents, often from other origins: public, CORS-open discovery documents.
  markdown: {
    mediaType: MEDIA_TYPES.markdown,
    emit: emitMarkdown,
    validate: [markdownTwin, noPlaceholders],
    validatorsReadOwnBytes: true,
    discovery: true,
  },
  'llms-root': {
    mediaType: MEDIA_TYPES.text,
    emit: emitLlmsRoot,
    emitReadsScope: true,
    validate: [llmsStructure, llmsLinks, llmsSize, noPlaceholders],
    validatorsReadOwnBytes: true,
    discovery: true,
  },
  'llms-index': {
    mediaType: MEDIA_TYPES.text,
    emit: emitLlmsIndex,
    emitReadsScope: true,
    validate: [llmsStructure, llmsLinks, llmsSize, noPlaceholders],
    validatorsReadOwnBytes: true,
    discovery: true,
  },
  'llms-full': {
    mediaType: MEDIA_TYPES.text,
    emit: emitLlmsFull,
    validate: [llmsLinks, llmsFullSize, noPlaceholders],
    validatorsReadOwnBytes: true,
    discovery: true,
  },
  // The page answered for an address with nothing published: an error page, never stored, listed nowhere.
  'not-found-page': {
    mediaType: MEDIA_TYPES.html,
    emit: emitHtmlPage,
    validate: [htmlPageHead, safeUrls, noPlaceholders],
    derive: notFoundPageEntries,
  },
  'not-found-markdown': {
    mediaType: MEDIA_TYPES.markdown,
    emit: emitMarkdown,
    validate: [markdownTwin, noPlaceholders],
    derive: notFoundTwinEntries,
  },
} satisfies FamilyKinds;
