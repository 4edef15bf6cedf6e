// Synthetic Markdown pages for the benchmark: ~1 KB each, with front matter, spread over the site's sections.
import { mulberry32, pick } from './random.js';

/** The sections that exist as top-level pages in the shipped content (content/pages/<section>.md). */
export const SECTIONS = ['help', 'docs', 'developers', 'ai'] as const;

export interface SyntheticPage {
  section: (typeof SECTIONS)[number];
  slug: string;
  /** The whole file: front matter and body. */
  text: string;
}

const WORDS = (
  'community member product order catalog guide read list page section step example overview detail field ' +
  'request response client agent discovery document index summary note table value path query result record ' +
  'public reference search filter sort group view scope token header format version status limit'
).split(' ');

function sentence(random: () => number, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) parts.push(pick(random, WORDS));
  const text = parts.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(random, 8 + Math.floor(random() * 6))).join(' ');
}

/** Page `index` of `count`: deterministic, so every run and every tool builds the same bytes. */
export function syntheticPage(index: number, count: number): SyntheticPage {
  const random = mulberry32(index + 1);
  const section = SECTIONS[index % SECTIONS.length]!;
  const slug = `page-${String(index).padStart(5, '0')}`;
  const neighbour = (index + SECTIONS.length) % count;
  const neighbourSection = SECTIONS[neighbour % SECTIONS.length]!;
  const title = `${pick(random, WORDS)} ${pick(random, WORDS)} ${index}`;
  const body = [
    paragraph(random, 3),
    '',
    '## Overview',
    '',
    `${paragraph(random, 2)} See [the ${section} section](/${section}) and [a related page](/${neighbourSection}/page-${String(neighbour).padStart(5, '0')}).`,
    '',
    `- ${sentence(random, 6)}`,
    `- ${sentence(random, 6)} Use \`${pick(random, WORDS)}\` here.`,
    `- ${sentence(random, 5)}`,
    '',
    '## Example',
    '',
    '```json',
    `{ "${pick(random, WORDS)}": "${pick(random, WORDS)}", "count": ${index} }`,
    '```',
    '',
    `| ${pick(random, WORDS)} | ${pick(random, WORDS)} |`,
    '| --- | --- |',
    `| ${pick(random, WORDS)} | ${index} |`,
    '',
    paragraph(random, 2),
    '',
  ].join('\n');
  const text = [
    '---',
    `title: ${title}`,
    `description: ${sentence(random, 10)}`,
    `order: ${Math.floor(index / SECTIONS.length)}`,
    '---',
    '',
    body,
  ].join('\n');
  return { section, slug, text };
}

/** A public page of the catalog measurement: front matter and one sentence. */
export function tinyPage(index: number): SyntheticPage {
  const section = SECTIONS[index % SECTIONS.length]!;
  const slug = `entry-${String(index).padStart(6, '0')}`;
  const text = `---\ntitle: Public page ${index}\ndescription: Catalog entry ${index} of the benchmark.\norder: ${Math.floor(index / SECTIONS.length)}\n---\n\nA public page of the ${section} section.\n`;
  return { section, slug, text };
}
