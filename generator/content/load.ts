// Load stage: reads the content set (YAML facts, Markdown pages, static files) into one typed model.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { EnvironmentName, Model, Page, SourcePlace } from '../model/types.js';
import { ContentSchemaError, ContentSchemas } from './schema-check.js';
import { parseYamlSource, placeOf, type YamlSource } from './yaml-source.js';
import { assembleModel } from './assemble.js';
import { IO_CONCURRENCY, mapLimit } from '../parallel/map-limit.js';

export interface LoadOptions {
  /** The content folder (content/). */
  contentDir: string;
  /** The content schemas folder (schemas/content/). */
  schemaDir: string;
  env: EnvironmentName;
  /** How file names are shown in messages: relative to this folder (default: the content folder's parent). */
  displayRoot?: string;
}

/** Every YAML document's top-level keys, with the source each came from. */
export type Facts = Map<string, { value: unknown; source: YamlSource }>;

export async function loadContent(options: LoadOptions, diagnostics: Diagnostics): Promise<Model | undefined> {
  const displayRoot = options.displayRoot ?? join(options.contentDir, '..');
  const display = (abs: string) => relative(displayRoot, abs).split('\\').join('/');
  let schemas: ContentSchemas;
  try {
    schemas = new ContentSchemas(options.schemaDir);
  } catch (error) {
    if (!(error instanceof ContentSchemaError)) throw error;
    diagnostics.error('load', {
      ruleId: 'content-schema-invalid',
      reason: `The content schema cannot be used: ${error.message}.`,
      fix: 'Correct the JSON Schema (valid JSON, draft 2020-12, a unique $id).',
      file: display(error.file),
    });
    return undefined;
  }

  const facts: Facts = new Map();
  const yamlFiles = await fg(['**/*.yaml', '**/*.yml'], { cwd: options.contentDir, ignore: ['pages/**', 'static/**'] });
  for (const rel of yamlFiles.sort()) {
    const file = display(join(options.contentDir, rel));
    const name = rel.replace(/\.ya?ml$/, '');
    if (!schemas.has(name)) {
      diagnostics.error('load', {
        ruleId: 'unknown-content-file',
        reason: `No schema describes ${file}, so its facts cannot be checked.`,
        fix: `Move its facts into an existing content file, or add schemas/content/${name}.schema.json and read it in generator/content/assemble.ts.`,
        file,
      });
      continue;
    }
    const text = await readFile(join(options.contentDir, rel), 'utf8');
    const source = parseYamlSource(text, file, diagnostics);
    if (!source || !schemas.check(name, source, diagnostics)) continue;
    for (const [key, value] of Object.entries(source.value as Record<string, unknown>)) {
      const earlier = facts.get(key);
      if (earlier) {
        diagnostics.error('load', {
          ruleId: 'duplicate-fact',
          reason: `\`${key}\` is defined in both ${earlier.source.file} and ${file}.`,
          fix: 'Keep each fact in one content file only.',
          file,
        });
        continue;
      }
      facts.set(key, { value, source });
    }
  }

  const pages = await loadPages(options.contentDir, display, schemas, diagnostics);
  const staticFiles = await loadStatic(options.contentDir, display);
  if (diagnostics.hasErrors) return undefined;
  return assembleModel({ env: options.env, facts, pages, staticFiles }, diagnostics);
}

async function loadPages(
  contentDir: string,
  display: (abs: string) => string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
): Promise<Page[]> {
  const pagesDir = join(contentDir, 'pages');
  const files = (await fg('**/*.md', { cwd: pagesDir })).sort();
  // Read with a few files in flight (one at a time is latency-bound with thousands of pages), then checked in order.
  const texts = await mapLimit(files, IO_CONCURRENCY, (rel) => readFile(join(pagesDir, rel), 'utf8'));
  const pages: Page[] = [];
  for (const [i, rel] of files.entries()) {
    const file = display(join(pagesDir, rel));
    const text = texts[i]!;
    const page = readPage(rel, file, text, schemas, diagnostics);
    if (page) pages.push(page);
  }
  return pages;
}

/** Reads one Markdown page: front matter (checked against schemas/content/page.schema.json) and body. */
export function readPage(
  rel: string,
  file: string,
  text: string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
): Page | undefined {
  const id = rel.replace(/\.md$/, '').split('\\').join('/');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(id)) {
    diagnostics.error('load', {
      ruleId: 'page-name',
      reason: `The page file name ${rel} cannot become a site path.`,
      fix: 'Name pages with lower-case letters, digits and hyphens, at most one folder deep (pages/help/my-page.md).',
      file,
    });
    return undefined;
  }
  if (!/^---\r?\n/.test(text)) {
    diagnostics.error('load', {
      ruleId: 'page-front-matter',
      reason: 'The page has no front matter.',
      fix: 'Start the file with a front matter block: a line ---, then `title:` and `description:`, then a line ---.',
      place: { file, line: 1, column: 1 },
    });
    return undefined;
  }
  // gray-matter only splits the file: the front matter is parsed below with positions, so its own YAML engine is
  // replaced by a no-op (it would throw without a place). Passing options also turns off its unbounded input cache.
  const parsed = matter(text, { engines: { yaml: () => ({}) } });
  const frontMatter = parseYamlSource(parsed.matter.replace(/^\r?\n/, ''), file, diagnostics, 1);
  if (!frontMatter) return undefined;
  const data = (frontMatter.value ?? {}) as Record<string, unknown>;
  if (!schemas.check('page', frontMatter, diagnostics, data, 'The front matter')) return undefined;
  const bodyOffset = text.length - parsed.content.length;
  const bodyLine = text.slice(0, bodyOffset).split('\n').length;
  const segments = id.split('/');
  const section = segments.length > 1 ? segments[0] : undefined;
  const path = id === 'index' ? '/' : `/${id}`;
  const { title, description, order, ...rest } = data as { title: string; description: string; order?: number };
  return {
    id,
    path,
    twinPath: `${path === '/' ? '/index' : path}.md`,
    section,
    title,
    description,
    order: order ?? 0,
    body: parsed.content,
    bodyLine,
    source: { file, line: 1, column: 1 },
    fieldPlaces: { title: valuePlace(frontMatter, 'title'), description: valuePlace(frontMatter, 'description') },
    data: rest,
  };
}

/** Where a front matter value's text starts (after an opening quote), so a column plus an offset lands on a word. */
function valuePlace(source: YamlSource, key: string): SourcePlace {
  const place = placeOf(source, [key]);
  const node = source.doc.get(key, true) as { type?: string } | undefined;
  const quoted = node?.type === 'QUOTE_DOUBLE' || node?.type === 'QUOTE_SINGLE';
  return quoted ? { ...place, column: (place.column ?? 1) + 1 } : place;
}

async function loadStatic(contentDir: string, display: (abs: string) => string): Promise<Model['staticFiles']> {
  const dir = join(contentDir, 'static');
  const files = (await fg('**/*', { cwd: dir, dot: false })).sort();
  return Promise.all(
    files.map(async (rel) => ({
      path: `/${rel}`,
      bytes: new Uint8Array(await readFile(join(dir, rel))),
      source: { file: display(join(dir, rel)) },
    })),
  );
}
