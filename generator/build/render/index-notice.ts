// The one short line near the top of every page and twin that says where the site's AI index is
// (content/publication.yaml `indexNotice`), with its address as a link.
import type { Paragraph } from 'mdast';
import type { Model } from '../../model/types.js';
import { fillAddresses } from '../registry/registry.js';
import { link, paragraph, type Inline } from './mdast-build.js';
import { stringifyMarkdown } from './processor.js';

const URL_IN_TEXT = /https?:\/\/[^\s)]+[^\s).,;:]/;

export function indexNotice(model: Model): Paragraph {
  const text = fillAddresses(model.publication.indexNotice, model.addresses);
  const match = URL_IN_TEXT.exec(text);
  if (!match) return paragraph(text);
  const parts: Inline[] = [text.slice(0, match.index), link(match[0]), text.slice(match.index + match[0].length)];
  return paragraph(...parts.filter((p) => p !== ''));
}

/** The notice as the Markdown twins write it (llms-full.txt leaves it out of each page it repeats). */
export function indexNoticeText(model: Model): string {
  return stringifyMarkdown({ type: 'root', children: [indexNotice(model)] }).trim();
}
