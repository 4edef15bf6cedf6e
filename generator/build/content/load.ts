// Load stage: reads the content set (YAML facts, Markdown pages, static files) into one typed model.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { EnvironmentName, Model, Page, SourcePlace } from '../../model/types.js';
import { ContentSchemaError, ContentSchemas } from './schema-check.js';
import { parseYamlSource, placeOf, type YamlSource } from './yaml-source.js';
import { assembleModel, type ContentCheck, type Facts } from './assemble.js';
import { IO_CONCURRENCY, mapLimit } from '../files/map-limit.js';

export interface LoadOptions {
  /** The content folder (content/). */
  contentDir: string;
  /** The content schemas folder (schemas/content/). */
  schemaDir: string;
  env: EnvironmentName;
  /** How file names are shown in messages: relative to this folder (default: the content folder's parent). */
  displayRoot?: string;
  /** Checks that read the sources once the model is assembled (the boundaries guard, given by loadProject). */
  checks?: ContentCheck[];
}

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
        fix: `Move its facts into an existing content file, or add schemas/content/${name}.schema.json and read it in generator/build/content/assemble.ts.`,
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
  return assembleModel({ env: options.env, facts, pages, staticFiles, checks: options.checks }, diagnostics);
}

async function loadPages(
  contentDir: string,
  display: (abs: string) => string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
): Promise<Page[]> {
  const pagesDir = join(contentDir, 'pages');
  const files = (await fg('**/*.md', { cwd: pagesDir })).sort();
  // The shown name is the folder's, shown once, and the glob's relative name: display() of each absolute path would
  // return a slice of it, keeping a catalog's absolute paths alive for as long as the pages.
  const shownDir = display(pagesDir);
  const shown = (rel: string) => (shownDir === '' ? rel : `${shownDir}/${rel}`);
  const pages: Page[] = [];
  // Read with a few files in flight (one at a time is latency-bound with thousands of pages), then checked in order,
  // a batch at a time: a catalog's texts and their parsing's leftovers are never all held at once.
  for (let start = 0; start < files.length; start += PAGE_BATCH) {
    const batch = files.slice(start, start + PAGE_BATCH);
    const texts = await mapLimit(batch, IO_CONCURRENCY, (rel) => readFile(join(pagesDir, rel), 'utf8'));
    for (const [i, rel] of batch.entries()) {
      const page = readPage(rel, shown(rel), texts[i]!, schemas, diagnostics);
      if (page) pages.push(page);
    }
  }
  return pages;
}

/** Pages read and checked together. */
const PAGE_BATCH = 512;

/** Front matter with no field beyond the required ones: one shared object, which nothing writes to. */
const NO_DATA: Record<string, unknown> = Object.freeze({});

/**
 * A copy of a string that does not keep the text it was cut from alive (V8 represents a substring as a slice of its
 * parent): a page keeps its title, description and body, not its whole source text besides.
 */
function own(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** A section's name, one string for all its pages. */
const sectionNames = new Map<string, string>();
function sectionName(name: string): string {
  let known = sectionNames.get(name);
  if (known === undefined) sectionNames.set(name, (known = name));
  return known;
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
  const slash = id.indexOf('/');
  const section = slash >= 0 ? sectionName(id.slice(0, slash)) : undefined;
  // One flat string for the twin's path, the page's path a slice of it: concatenated strings would each be flattened
  // (a second copy) the first time a file name is cut from them.
  const twinPath = own(`/${id}.md`);
  const path = id === 'index' ? '/' : twinPath.slice(0, -3);
  const { title, description, order, ...rest } = data as { title: string; description: string; order?: number };
  return {
    id,
    path,
    twinPath,
    section,
    title: typeof title === 'string' ? own(title) : title,
    description: typeof description === 'string' ? own(description) : description,
    order: order ?? 0,
    body: own(parsed.content),
    bodyLine,
    source: { file, line: 1, column: 1 },
    fieldPlaces: { title: valuePlace(frontMatter, 'title'), description: valuePlace(frontMatter, 'description') },
    data: Object.keys(rest).length === 0 ? NO_DATA : rest,
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
