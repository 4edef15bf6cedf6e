// `npm run new`: the files a new page or section needs, written so that the content still loads, and what to edit next.
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isNode, isSeq, LineCounter, parseDocument } from 'yaml';
import { loadProject } from '../../build/project.js';
import { didYouMean } from '../../build/messages/suggest.js';
import { sectionIds } from '../../model/sections.js';

export type NewKind = 'page' | 'section';

export interface NewPageOptions {
  kind: NewKind;
  /** `name` for a top-level page or section, `section/name` for a sub-page. */
  slug: string;
  contentDir: string;
  schemaDir?: string;
}

export interface NewPageResult {
  /** Files written, relative to the content folder. */
  created: string[];
  /** Files changed, relative to the content folder. */
  edited: string[];
  /** The site path the page is published at. */
  path: string;
  /** What the editor does next, one step a line. */
  next: string[];
}

/** A request that cannot be carried out as asked: the page exists, its section does not, the content is broken. */
export class ScaffoldError extends Error {}

/** The names a page file may have (the loader's rule: lower case, digits, hyphens, one folder deep). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A part of a page's name, at most: a readable path segment, well within any file system's limit on a file name. */
const SLUG_PART_MAX = 100;

const RESOURCES = 'discovery-resources.yaml';
const FAMILIES = 'public-pages.yaml';

export async function newPage(options: NewPageOptions): Promise<NewPageResult> {
  const parts = options.slug.split('/');
  if (parts.length > 2 || parts.some((p) => !SLUG.test(p) || p.length > SLUG_PART_MAX)) {
    const shown = options.slug.length > 60 ? `${options.slug.slice(0, 60)}…` : options.slug;
    throw new ScaffoldError(
      `"${shown}" cannot be a page name: use lower-case letters, digits and hyphens, at most ${SLUG_PART_MAX} a part, and at most one folder (help/my-page).`,
    );
  }
  if (options.kind === 'section' && parts.length > 1) {
    throw new ScaffoldError(`A section is a top-level page: give its name alone (${parts[1]}), not "${options.slug}".`);
  }
  const project = await loadProject({
    env: 'production',
    contentDir: options.contentDir,
    schemaDir: options.schemaDir,
  });
  if (!project.model) {
    throw new ScaffoldError(
      'The content does not load as it is: run npm run build, fix what it reports, then try again.',
    );
  }
  const { model } = project;
  const id = options.slug;
  if (model.pages.some((p) => p.id === id)) {
    throw new ScaffoldError(`content/pages/${id}.md already exists: edit it, or choose another name.`);
  }
  const pageFile = `pages/${id}.md`;
  if (await exists(join(options.contentDir, pageFile))) throw new ScaffoldError(`content/${pageFile} already exists.`);
  const title = titleOf(parts[parts.length - 1]!);

  if (parts.length === 2) {
    const section = parts[0]!;
    const sections = sectionIds(model);
    if (!sections.includes(section)) {
      throw new ScaffoldError(
        `There is no section page content/pages/${section}.md. ${didYouMean(section, sections)}Create the section first (npm run new -- section ${section}), or put the page in one of the sections: ${sections.join(', ')}.`,
      );
    }
    const order = Math.max(0, ...model.pages.filter((p) => p.section === section).map((p) => p.order)) + 1;
    await mkdir(join(options.contentDir, 'pages', section), { recursive: true });
    await writeFile(join(options.contentDir, pageFile), pageText(title, order, 'Write the page here.\n'));
    await checkOrUndo(options, [pageFile], []);
    return {
      created: [pageFile],
      edited: [],
      path: `/${id}`,
      next: [
        `Write the title, the description (one sentence: it is the meta description and the page's line in the llms indexes) and the text in content/${pageFile}.`,
        `It is listed last in the ${section} section (order: ${order}); change \`order\` to move it.`,
        `See it with npm run dev at http://localhost:4100/${id}.`,
      ],
    };
  }

  const body =
    options.kind === 'section'
      ? `What this section is for, in a sentence or two.\n\n::section-pages\n`
      : 'Write the page here.\n';
  const resourcesFile = join(options.contentDir, RESOURCES);
  const familiesFile = join(options.contentDir, FAMILIES);
  const resourcesBefore = await readFile(resourcesFile, 'utf8');
  const familiesBefore = await readFile(familiesFile, 'utf8');
  await writeFile(join(options.contentDir, pageFile), pageText(title, undefined, body));
  // Its resources, in a group of their own, which the file declares.
  const withResources = appendToList(resourcesBefore, ['discoveryResources'], resourceItems(id, title, options.kind));
  await writeFile(
    resourcesFile,
    appendToList(
      withResources,
      ['groups'],
      [
        [
          ['id', id],
          ['description', `${title}.`],
        ],
      ],
    ),
  );
  await writeFile(
    familiesFile,
    appendToList(familiesBefore, ['publicPages', 'routeFamilies'], familyItems(id, title, options.kind)),
  );
  await checkOrUndo(
    options,
    [pageFile],
    [
      [RESOURCES, resourcesBefore],
      [FAMILIES, familiesBefore],
    ],
  );
  return {
    created: [pageFile],
    edited: [RESOURCES, FAMILIES],
    path: `/${id}`,
    next: [
      `Write the title, the description (one sentence: it is the meta description and the page's line in the llms indexes) and the text in content/${pageFile}.`,
      `Check the titles and purposes of /${id}${options.kind === 'section' ? `, /${id}.md and /${id}/llms.txt` : ` and /${id}.md`} at the end of discoveryResources in content/${RESOURCES}, and the route ${options.kind === 'section' ? 'families' : 'family'} at the end of content/${FAMILIES} (type, rules, resources).`,
      ...(options.kind === 'section' ? [`Add its pages with npm run new -- page ${id}/<name>.`] : []),
      `See it with npm run dev at http://localhost:4100/${id}.`,
    ],
  };
}

/** The new files must leave the content loading; if they do not, they are taken back and the reason given. */
async function checkOrUndo(options: NewPageOptions, created: string[], edited: [string, string][]): Promise<void> {
  const project = await loadProject({
    env: 'production',
    contentDir: options.contentDir,
    schemaDir: options.schemaDir,
  });
  if (project.model && project.registry && !project.diagnostics.hasErrors) return;
  for (const file of created) await rm(join(options.contentDir, file), { force: true });
  for (const [file, text] of edited) await writeFile(join(options.contentDir, file), text);
  const first = project.diagnostics.list().find((m) => m.fatal);
  throw new ScaffoldError(
    `The new page would not build, so nothing was written: ${first ? `${first.file}${first.line ? `:${first.line}` : ''} ${first.reason}` : 'the content did not load'}`,
  );
}

function pageText(title: string, order: number | undefined, body: string): string {
  const description = `What a reader finds on the ${title} page, in one sentence.`;
  return `---\ntitle: ${title}\ndescription: ${description}\n${order === undefined ? '' : `order: ${order}\n`}---\n\n${body}`;
}

type Item = [key: string, value: string][];

/** The resources a top-level page is published by: its HTML page and its twin, and a section's llms index. */
function resourceItems(id: string, title: string, kind: NewKind): Item[] {
  const entry = (
    path: string,
    kindName: string,
    entryTitle: string,
    purpose: string,
    audience: string,
    page = true,
  ): Item => [
    ['path', path],
    ['kind', kindName],
    ...(page ? ([['page', id]] as Item) : []),
    ['group', id],
    ['title', entryTitle],
    ['purpose', purpose],
    ['audience', `[${audience}]`],
  ];
  const items = [
    entry(`/${id}`, 'html-page', title, `${title}.`, 'people'),
    entry(`/${id}.md`, 'markdown', `${title} (Markdown)`, `${title} in Markdown.`, 'agents, people'),
  ];
  if (kind === 'section') {
    items.push(
      entry(`/${id}/llms.txt`, 'llms-index', `${title} AI index`, `AI index of the ${id} pages.`, 'agents', false),
    );
  }
  return items;
}

/** The route family every published page belongs to; a section's sub-pages have one of their own. */
function familyItems(id: string, title: string, kind: NewKind): Item[] {
  const families: Item[] = [
    [
      ['id', id],
      ['pattern', `/${id}`],
      ['type', kind === 'section' ? 'CollectionPage' : 'WebPage'],
      ['title', title],
      ['description', `The ${title} page.`],
    ],
  ];
  if (kind === 'section') {
    families.push([
      ['id', `${id}-article`],
      ['pattern', `/${id}/{slug}`],
      ['type', 'TechArticle'],
      ['title', `${title} pages`],
      ['description', `One page of the ${title} section.`],
    ]);
  }
  return families;
}

/**
 * Adds items at the end of a block list of a YAML file, as its text (its comments and layout kept), indented as the
 * list's first item is.
 */
function appendToList(text: string, path: string[], items: Item[]): string {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const list = doc.getIn(path, true);
  if (!isSeq(list) || list.items.length === 0 || !isNode(list.items[0])) {
    throw new ScaffoldError(`content has no list ${path.join('.')} to add to.`);
  }
  const first = list.items[0];
  const last = list.items[list.items.length - 1];
  const column = lineCounter.linePos(first.range![0]).col - 1;
  const pad = ' '.repeat(column);
  const dash = ' '.repeat(Math.max(0, column - 2));
  const lines = items.map((item) =>
    item.map(([key, value], n) => `${n === 0 ? `${dash}- ` : pad}${key}: ${value}`).join('\n'),
  );
  // After the last item's last line.
  const end = isNode(last) && last.range ? last.range[1] : first.range![1];
  const lineEnd = text.indexOf('\n', Math.max(0, end - 1));
  const at = lineEnd < 0 ? text.length : lineEnd + 1;
  const before = text.slice(0, at);
  return `${before}${before.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n${text.slice(at)}`;
}

/** "getting-started" → "Getting started". */
function titleOf(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
