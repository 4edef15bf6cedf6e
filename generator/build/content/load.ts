// Load stage: reads the content set (YAML facts, Markdown pages, static files) into one typed model.
import { readFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contentFolderProblem, reportFolderProblems } from '../files/given-folders.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { EnvironmentName, Model, Page, SourcePlace } from '../../model/types.js';
import { ContentSchemaError, ContentSchemas } from './schema-check.js';
import { nodeAt, parseYamlSource, placeOf, type YamlSource } from './yaml-source.js';
import { assembleModel, type ContentCheck, type Facts } from './assemble.js';
import { IO_CONCURRENCY, mapLimit } from '../files/map-limit.js';
import { type ContentFile, contentFiles } from './content-files.js';
import { contentText, decodeContent } from './text-decoding.js';
import { MAX_NESTING_DEPTH, MAX_PAGE_BYTES, MAX_YAML_BYTES, TIME_BUDGET_MS } from './limits.js';
import { nestingFault } from './nesting.js';
import { splitFrontMatter } from './front-matter.js';
import { growHeapFor, growHeapGently } from './heap-growth.js';
import { TimeBudgetExceeded, withinTimeBudget } from './time-budget.js';
import { generatorFingerprint, modelFacts, sha256 } from '../cache/fingerprint.js';
import { type KeptPages, loadKeptPages, saveKeptPages } from '../cache/kept-pages.js';
import { keepCache } from '../cache/keep-cache.js';
import { KeptYaml } from '../cache/kept-yaml.js';
import { type FileIdentity, fileIdentity, fileSystemNow } from '../cache/file-identity.js';
import { type FolderWalk, type WalkedEntry, walkFolder } from '../cache/folder-walk.js';
import { savedVerdicts, saveVerdicts, type Verdicts } from '../cache/verdicts.js';
import { PROJECT_ROOT } from '../files/project-paths.js';

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
  /** How long one YAML file's parse may take (default TIME_BUDGET_MS). */
  timeBudgetMs?: number;
  /**
   * The build cache folder: a page file read by the last good load with the same bytes (same generator, same content
   * schemas) is taken as it was read, and the checks given verdicts (the boundaries guard) keep theirs per page.
   */
  cacheDir?: string;
  /** Filled in as the pages load: how many there are, how many were read, how many judged by the content checks. */
  stats?: LoadStats;
  /** The walk of the content folder the build's fingerprint made (see cache/folder-walk.ts): not walked again. */
  walk?: FolderWalk;
}

/**
 * How many page files the load found, how many it opened (the others were known by their stat), how many it read and
 * checked (the others were kept), how many it guarded.
 */
export interface LoadStats {
  pages: number;
  opened: number;
  read: number;
  guarded: number;
  /** The content YAML files: how many, how many opened, how many read (the others were kept). */
  yamlFiles?: number;
  yamlOpened?: number;
  yamlRead?: number;
  /** How many content YAML files the boundaries guard judged (the others' verdicts were kept). */
  yamlGuarded?: number;
  /** How many kept pages' bodies some stage has read so far (a live count: the others were never decoded). */
  readonly bodiesRead?: number;
}

export async function loadContent(options: LoadOptions, diagnostics: Diagnostics): Promise<Model | undefined> {
  const displayRoot = options.displayRoot ?? join(options.contentDir, '..');
  const display = (abs: string) => relative(displayRoot, abs).split('\\').join('/');
  // Every entry point loads here: a content folder that is not one is said so, not met as an error of listing it.
  const notAFolder = contentFolderProblem(options.contentDir);
  if (notAFolder) {
    reportFolderProblems([notAFolder], diagnostics);
    return undefined;
  }
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
  // Reading a large content set makes garbage fast: the heap grows in gentle steps (no cap) while the pages are
  // listed, and from then on when they are many.
  growHeapGently();
  const cacheDir = options.cacheDir;
  // The load's start on the file systems' clock, taken before any content file is seen: a file settled before it is
  // known by its stat (see cache/file-identity.ts).
  const startNs = cacheDir === undefined ? 0n : fileSystemNow(cacheDir);
  const generator = cacheDir === undefined ? undefined : await generatorFingerprint(PROJECT_ROOT);
  const readScope = generator && sha256(generator, schemas.fingerprint);
  const keptYaml =
    cacheDir === undefined
      ? undefined
      : await KeptYaml.load(cacheDir, sha256(readScope!, String(options.timeBudgetMs ?? TIME_BUDGET_MS)));
  // The walk the build's fingerprint made of this folder (its files' stats taken then), or one made now: with a cache
  // folder, each file is stat'ed as it is listed, once.
  const walk =
    options.walk?.dir === options.contentDir
      ? options.walk
      : () => walkFolder(options.contentDir, startNs, cacheDir !== undefined);
  const files = await contentFiles(options.contentDir, display, diagnostics, walk);
  growHeapFor(files.pages.length);
  for (const { rel, path, walked } of files.yaml) {
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
    const source = keptYaml
      ? await keptContentYaml(
          keptYaml,
          { rel, path, file, name, walked },
          startNs,
          schemas,
          diagnostics,
          options.timeBudgetMs,
        )
      : readContentYaml(
          name,
          await readContent(path, file, diagnostics),
          file,
          schemas,
          diagnostics,
          options.timeBudgetMs,
        );
    if (!source) continue;
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

  const kept = cacheDir === undefined ? undefined : await loadKeptPages(cacheDir, readScope!, startNs);
  const pages = await loadPages(options.contentDir, files.pages, display, schemas, diagnostics, kept);
  const staticFiles = await loadStatic(options.contentDir, files.staticFiles, display, diagnostics);
  if (diagnostics.hasErrors) return undefined;
  // The content checks' verdicts hold while the generator, the content schemas (a page or YAML file is named by the
  // key it was read under in their scope) and the model without page bodies are the same.
  const saved = cacheDir === undefined ? undefined : await savedVerdicts(cacheDir, 'content-verdicts');
  let verdicts: Verdicts | undefined;
  const model = assembleModel(
    {
      env: options.env,
      facts,
      pages,
      staticFiles,
      checks: options.checks,
      verdicts: saved && ((assembled) => (verdicts = saved(sha256(readScope!, modelFacts(assembled))))),
    },
    diagnostics,
  );
  if (options.stats) {
    options.stats.pages = files.pages.length;
    options.stats.opened = kept ? kept.counts.opened : files.pages.length;
    options.stats.read = kept ? kept.counts.read : files.pages.length;
    if (kept) Object.defineProperty(options.stats, 'bodiesRead', { get: () => kept.counts.bodies, enumerable: true });
    const yamlShown = new Set(files.yaml.map(({ rel }) => display(join(options.contentDir, rel))));
    const judged = verdicts && [...verdicts.judgedFiles];
    options.stats.guarded = judged ? judged.filter((file) => !yamlShown.has(file)).length : pages.length;
    options.stats.yamlGuarded = judged ? judged.filter((file) => yamlShown.has(file)).length : yamlShown.size;
    options.stats.yamlFiles = files.yaml.length;
    options.stats.yamlOpened = keptYaml ? keptYaml.counts.opened : files.yaml.length;
    options.stats.yamlRead = keptYaml ? keptYaml.counts.read : files.yaml.length;
  }
  if (model && cacheDir !== undefined) {
    await keepCache(diagnostics, 'load', cacheDir, 'the content files read', () => keptYaml!.save(cacheDir));
    await keepCache(diagnostics, 'load', cacheDir, 'the pages read', () => saveKeptPages(cacheDir, kept!));
    const contentVerdicts = verdicts;
    if (contentVerdicts) {
      const save = () => saveVerdicts(cacheDir, contentVerdicts, 'content-verdicts');
      await keepCache(diagnostics, 'load', cacheDir, "the content checks' verdicts", save);
    }
  }
  return model;
}

/** A content file's bytes, or undefined when it cannot be read (reported at the file). */
async function readContent(path: string, file: string, diagnostics: Diagnostics): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    diagnostics.error('load', {
      ruleId: 'content-unreadable',
      reason: `${file} cannot be read (${(error as { code?: string } | null)?.code ?? 'unknown error'}).`,
      fix: 'Check that the file exists and can be read.',
      file,
    });
    return undefined;
  }
}

/** A content YAML file: within its size, UTF-8 text, parsed within its time budget. */
export function readYamlFile(
  bytes: Uint8Array | undefined,
  file: string,
  diagnostics: Diagnostics,
  timeBudgetMs = TIME_BUDGET_MS,
): YamlSource | undefined {
  if (!bytes) return undefined;
  if (bytes.length > MAX_YAML_BYTES) {
    diagnostics.error('load', {
      ruleId: 'yaml-too-large',
      reason: `${file} has ${bytes.length} bytes; a content YAML file may have at most ${MAX_YAML_BYTES}.`,
      fix: 'Split its facts over several content files, or remove what is not a fact of the contract.',
      file,
    });
    return undefined;
  }
  const text = decodeContent(bytes, file, diagnostics);
  if (text === undefined) return undefined;
  try {
    return withinTimeBudget(timeBudgetMs, () => parseYamlSource(text, file, diagnostics));
  } catch (error) {
    reportUnreadable(diagnostics, error, { file, line: 1, column: 1 }, 'YAML');
    return undefined;
  }
}

/**
 * A content YAML file as the last good load read it when its stat or its bytes are the ones seen then; otherwise read
 * and checked (as `readContentYaml`), and kept for the next load when it drew no message.
 */
async function keptContentYaml(
  kept: KeptYaml,
  { rel, path, file, name, walked }: { rel: string; path: string; file: string; name: string; walked?: WalkedEntry },
  startNs: bigint,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
  timeBudgetMs?: number,
): Promise<YamlSource | undefined> {
  const identity = identityOf(file, path, walked, startNs);
  const known = kept.known(rel, identity);
  if (isYamlSource(known, file)) return known;
  const bytes = await readContent(path, file, diagnostics);
  if (!bytes) return undefined;
  const key = kept.key(rel, file, bytes);
  const same = kept.opened(rel, identity, key);
  if (isYamlSource(same, file)) return same;
  const before = diagnostics.count;
  const source = readContentYaml(name, bytes, file, schemas, diagnostics, timeBudgetMs);
  kept.read(rel, identity, key, source, diagnostics.count === before);
  return source;
}

/** A kept read that is a YAML source of this file (anything else is read again). */
function isYamlSource(read: unknown, file: string): read is YamlSource {
  const source = read as Partial<YamlSource> | null | undefined;
  return (
    typeof source === 'object' &&
    source !== null &&
    source.file === file &&
    source.lineOffset === 0 &&
    'value' in source &&
    typeof source.root === 'object'
  );
}

/**
 * A content file's identity: from the walk that listed it, or from one stat now (a file a link leads to); undefined
 * when it cannot be taken (reading it reports why).
 */
function identityOf(
  file: string,
  path: string,
  walked: WalkedEntry | undefined,
  startNs: bigint,
): FileIdentity | undefined {
  if (walked?.identity !== undefined) {
    return { text: `${file}\0${path}\0${walked.identity}`, settled: walked.settled === true };
  }
  try {
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stats?.isFile() ? fileIdentity(file, path, stats, startNs) : undefined;
  } catch {
    return undefined;
  }
}

/** A content YAML file read (as `readYamlFile`) and checked against its schema; undefined when either fails. */
export function readContentYaml(
  name: string,
  bytes: Uint8Array | undefined,
  file: string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
  timeBudgetMs = TIME_BUDGET_MS,
): YamlSource | undefined {
  const source = readYamlFile(bytes, file, diagnostics, timeBudgetMs);
  return source && checkSchema(schemas, name, source, diagnostics) ? source : undefined;
}

/** The schema check, which recurses through the value: an exception there is reported at the file too. */
function checkSchema(schemas: ContentSchemas, name: string, source: YamlSource, diagnostics: Diagnostics): boolean {
  try {
    return schemas.check(name, source, diagnostics);
  } catch (error) {
    reportUnreadable(diagnostics, error, { file: source.file, line: 1, column: 1 }, 'YAML');
    return false;
  }
}

/** A time budget passed, or an exception the readers did not expect: reported at the file, never as a stack trace. */
export function reportUnreadable(diagnostics: Diagnostics, error: unknown, place: SourcePlace, what: string): void {
  if (error instanceof TimeBudgetExceeded) {
    diagnostics.error('load', {
      ruleId: 'time-budget-exceeded',
      reason: `Reading this ${what} took longer than ${error.budgetMs} ms and was stopped.`,
      fix: 'Simplify it: fewer anchors and aliases, shorter or fewer values; split a very large file.',
      place,
    });
    return;
  }
  diagnostics.error('load', {
    ruleId: error instanceof RangeError ? 'nesting-too-deep' : 'content-unreadable',
    reason:
      error instanceof RangeError
        ? `This ${what} is nested too deeply to be read.`
        : `This ${what} could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`,
    fix: 'Simplify its structure (fewer nested levels); if it looks right, report this message.',
    place,
  });
}

async function loadPages(
  contentDir: string,
  files: ContentFile[],
  display: (abs: string) => string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
  kept?: KeptPages,
): Promise<Page[]> {
  const pagesDir = join(contentDir, 'pages');
  // The shown name is the folder's, shown once, and the glob's relative name: display() of each absolute path would
  // return a slice of it, keeping a catalog's absolute paths alive for as long as the pages.
  const shownDir = display(pagesDir);
  const shown = (rel: string) => (shownDir === '' ? rel : `${shownDir}/${rel}`);
  const pages: Page[] = [];
  // Read with a few files in flight (one at a time is latency-bound with thousands of pages), then checked in order,
  // a batch at a time: a catalog's texts and their parsing's leftovers are never all held at once. A file whose stat
  // is the one the last good load saw is not opened: its page is the one kept.
  for (let start = 0; start < files.length; start += PAGE_BATCH) {
    const batch = files.slice(start, start + PAGE_BATCH);
    const identities = batch.map(({ rel, path, walked }) => kept && identityOf(shown(rel), path, walked, kept.startNs));
    const known = batch.map(({ rel }, i) => (identities[i] ? kept!.known(rel, identities[i]) : undefined));
    // Only the files not known are read: in a rebuild after an edit, one of 10,000 (the others wait for nothing).
    const unknown = batch.filter((_, i) => !known[i]);
    const read = await mapLimit(unknown, IO_CONCURRENCY, ({ path, rel }) => readContent(path, shown(rel), diagnostics));
    const bytes: (Uint8Array | undefined)[] = [];
    let next = 0;
    for (let i = 0; i < batch.length; i++) bytes.push(known[i] ? undefined : read[next++]);
    for (let i = 0; i < batch.length; i++) {
      const rel = batch[i]!.rel;
      let page = known[i];
      if (!page) {
        const file = shown(rel);
        const data = bytes[i];
        const key = kept && data && kept.key(rel, file, data);
        if (key) kept.opened(rel, identities[i], key);
        page = key ? kept.get(key) : undefined;
        if (!page) {
          const before = diagnostics.count;
          page = readPageFile(rel, file, data, schemas, diagnostics);
          if (key) kept.read(key, page, diagnostics.count === before);
        }
      }
      if (page) pages.push(page);
    }
  }
  return pages;
}

/** Pages read and checked together. */
const PAGE_BATCH = 512;

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

/** Reads one page file's bytes: within the page size, UTF-8 text, then as `readPage`. */
export function readPageFile(
  rel: string,
  file: string,
  bytes: Uint8Array | undefined,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
): Page | undefined {
  if (!bytes) return undefined;
  if (bytes.length > MAX_PAGE_BYTES) {
    diagnostics.error('load', {
      ruleId: 'page-too-large',
      reason: `The page has ${bytes.length} bytes; a page may have at most ${MAX_PAGE_BYTES}.`,
      fix: 'Split it into several pages of a section (pages/<section>/*.md); agents read each page whole.',
      place: { file, line: 1, column: 1 },
    });
    return undefined;
  }
  const text = decodeContent(bytes, file, diagnostics);
  return text === undefined ? undefined : readPage(rel, file, text, schemas, diagnostics);
}

/**
 * Reads one Markdown page: front matter (checked against schemas/content/page.schema.json) and body. The text is read
 * as the loader reads every file (no byte-order mark, LF line endings, no control characters), and its nesting is
 * measured before anything parses it.
 */
export function readPage(
  rel: string,
  file: string,
  source: string,
  schemas: ContentSchemas,
  diagnostics: Diagnostics,
): Page | undefined {
  const id = rel.replace(/\.md$/, '').split('\\').join('/');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(id)) {
    diagnostics.error('load', {
      ruleId: 'page-name',
      reason: `The page file name ${rel} cannot become a site path.`,
      fix: 'Name pages with lower-case letters, digits and hyphens, at most one folder deep (pages/help/my-page.md).',
      place: { file, line: 1, column: 1 },
    });
    return undefined;
  }
  const text = contentText(source, file, diagnostics);
  if (text === undefined) return undefined;
  const fault = nestingFault(text, MAX_NESTING_DEPTH);
  if (fault) {
    diagnostics.error('load', {
      ruleId: 'nesting-too-deep',
      reason: `This line nests ${fault.what === 'brackets' ? 'brackets (links, images, labels)' : 'containers (quotes, lists, directives)'} ${fault.depth} levels deep; a page may nest at most ${MAX_NESTING_DEPTH}.`,
      fix: 'Flatten the structure: fewer nested lists or quotes, or close the brackets that are open.',
      place: { file, line: fault.line, column: 1 },
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
  const parsed = splitFrontMatter(text);
  const frontMatter = parseYamlSource(parsed.matter.replace(/^\r?\n/, ''), file, diagnostics, 1);
  if (!frontMatter) return undefined;
  const data = (frontMatter.value ?? {}) as Record<string, unknown>;
  try {
    if (!schemas.check('page', frontMatter, diagnostics, data, 'The front matter')) return undefined;
  } catch (error) {
    reportUnreadable(diagnostics, error, { file, line: 2, column: 1 }, 'front matter');
    return undefined;
  }
  const bodyOffset = text.length - parsed.body.length;
  const bodyLine = text.slice(0, bodyOffset).split('\n').length;
  const slash = id.indexOf('/');
  const section = slash >= 0 ? sectionName(id.slice(0, slash)) : undefined;
  // One flat string for the twin's path, the page's path a slice of it: concatenated strings would each be flattened
  // (a second copy) the first time a file name is cut from them.
  const twinPath = own(`/${id}.md`);
  const path = id === 'index' ? '/' : twinPath.slice(0, -3);
  // The schema takes no other field: a field nothing reads is refused rather than passed over.
  const { title, description, order } = data as { title: string; description: string; order?: number };
  // Sections list their sub-pages by `order`; one without it would silently come first.
  if (section !== undefined && order === undefined) {
    diagnostics.error('load', {
      ruleId: 'page-order-missing',
      reason: `The sub-page ${file} has no \`order\`, so its place in the ${section} section's lists is not known.`,
      fix: 'Add `order: N` to the front matter: sub-pages are listed from the lowest number (see the other pages of the section).',
      place: { file, line: 1, column: 1 },
    });
  }
  return {
    id,
    path,
    twinPath,
    section,
    title: typeof title === 'string' ? own(title) : title,
    description: typeof description === 'string' ? own(description) : description,
    order: order ?? 0,
    body: own(parsed.body),
    bodyLine,
    source: { file, line: 1, column: 1 },
    fieldPlaces: { title: valuePlace(frontMatter, 'title'), description: valuePlace(frontMatter, 'description') },
  };
}

/** Where a front matter value's text starts (after an opening quote), so a column plus an offset lands on a word. */
function valuePlace(source: YamlSource, key: string): SourcePlace {
  const place = placeOf(source, [key]);
  const style = nodeAt(source.root, [key])?.style;
  const quoted = style === 'QUOTE_DOUBLE' || style === 'QUOTE_SINGLE';
  return quoted ? { ...place, column: (place.column ?? 1) + 1 } : place;
}

/**
 * A static file's path is its URL's path as it is: only characters a URL keeps unencoded in a path, so that the
 * request an agent writes from the name reaches the file on every server (a space, `?` or `#` would not; `%` would
 * be decoded first).
 */
const STATIC_NAME = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+(?:\/[A-Za-z0-9._~!$&'()*+,;=:@-]+)*$/;

async function loadStatic(
  contentDir: string,
  files: ContentFile[],
  display: (abs: string) => string,
  diagnostics: Diagnostics,
): Promise<Model['staticFiles']> {
  const dir = join(contentDir, 'static');
  const read = await Promise.all(
    files.map(async ({ rel, path }) => {
      const file = display(join(dir, rel));
      if (!STATIC_NAME.test(rel)) {
        diagnostics.error('load', {
          ruleId: 'static-file-name',
          reason: `The static file name ${rel} cannot be the path of its URL as it is.`,
          fix: "Rename it with letters, digits and - . _ ~ + @ ( ) ! $ & ' * , ; = : only (no space, ?, #, % or letter beyond ASCII): static/my-file.pdf.",
          file,
        });
        return undefined;
      }
      const bytes = await readContent(path, file, diagnostics);
      return bytes && { path: `/${rel}`, bytes: new Uint8Array(bytes), source: { file } };
    }),
  );
  return read.filter((f) => f !== undefined);
}
