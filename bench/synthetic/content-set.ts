// Writes a benchmark content set: a copy of the shipped content with N synthetic pages added in its sections.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import { join } from 'node:path';
import { SECTIONS, syntheticPage, tinyPage } from './pages.js';

export interface ContentSet {
  /** The content folder to build (a copy of content/ plus the synthetic pages). */
  contentDir: string;
  /** The same synthetic pages alone, laid out for Eleventy and the I/O floor. */
  pagesDir: string;
  pages: number;
}

export interface ContentSetOptions {
  /** One-line bodies: for the catalog measurement, where only the pages' existence and front matter matter. */
  tiny?: boolean;
  /** Skip the Eleventy / I/O floor copy. */
  contentOnly?: boolean;
}

export async function writeContentSet(
  root: string,
  shippedContent: string,
  pages: number,
  options: ContentSetOptions = {},
): Promise<ContentSet> {
  const contentDir = join(root, 'content');
  const pagesDir = join(root, 'pages-only');
  await rm(root, { recursive: true, force: true });
  await cp(shippedContent, contentDir, { recursive: true });
  await dropDeployTargets(contentDir);
  for (const section of SECTIONS) {
    await mkdir(join(contentDir, 'pages', section), { recursive: true });
    await mkdir(join(pagesDir, section), { recursive: true });
  }
  // Written in batches: enough parallelism to keep the disk busy without opening thousands of files at once.
  const batch = 200;
  for (let start = 0; start < pages; start += batch) {
    const writes: Promise<void>[] = [];
    for (let i = start; i < Math.min(pages, start + batch); i++) {
      const page = options.tiny ? tinyPage(i) : syntheticPage(i, pages);
      writes.push(writeFile(join(contentDir, 'pages', page.section, `${page.slug}.md`), page.text));
      if (!options.contentOnly) writes.push(writeFile(join(pagesDir, page.section, `${page.slug}.md`), page.text));
    }
    await Promise.all(writes);
  }
  return { contentDir, pagesDir, pages };
}

/** Path of the page that the "edit one page" measurement changes. */
export function editedPagePath(set: ContentSet): string {
  const page = syntheticPage(Math.floor(set.pages / 2), set.pages);
  return join(set.contentDir, 'pages', page.section, `${page.slug}.md`);
}

/**
 * A synthetic set measures the build, not a deployment: its copy of the content names no deployment target, so that a
 * size no platform takes (10,000 pages on Cloudflare's Free plan) is measured and reported, not refused.
 */
async function dropDeployTargets(contentDir: string): Promise<void> {
  const file = join(contentDir, 'discovery-resources.yaml');
  const document = parseDocument(await readFile(file, 'utf8'));
  document.delete('deployTargets');
  await writeFile(file, document.toString());
}
