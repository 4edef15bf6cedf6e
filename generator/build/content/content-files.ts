// Finds the files of a content set: its YAML files, pages and static files, each resolved inside the content folder.
// A symbolic link is never followed out: one that leads outside the folder, or to a folder, is refused at its path.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { type FolderWalk, pathInFolder, type WalkedEntry, walkFolder } from '../cache/folder-walk.js';
import type { Diagnostics } from '../messages/diagnostics.js';

export interface ContentFile {
  /** Path relative to its area (the content folder for YAML, `pages/` for pages, `static/` for static files). */
  rel: string;
  /** Where to read it: the file itself, or the file a link inside the content folder leads to. */
  path: string;
  /** What the walk's stat of the file told (not for a link): see cache/folder-walk.ts. */
  walked?: WalkedEntry;
}

export interface ContentFiles {
  yaml: ContentFile[];
  pages: ContentFile[];
  staticFiles: ContentFile[];
}

/**
 * One walk of the content folder that follows no link (a link to `/` or a loop cannot make it walk forever); entries
 * in dot-folders and dot-files are not content, as before. Links are resolved (realpath) and kept only when they lead
 * to a file inside the folder. `walk`: the walk already made of it (the build's fingerprint), or how to make one.
 */
export async function contentFiles(
  contentDir: string,
  display: (abs: string) => string,
  diagnostics: Diagnostics,
  walk: FolderWalk | (() => FolderWalk) = () => walkFolder(contentDir, 0n, false),
): Promise<ContentFiles> {
  const files: ContentFiles = { yaml: [], pages: [], staticFiles: [] };
  let root: string;
  try {
    root = await realpath(contentDir);
  } catch (error) {
    unreadable(diagnostics, display(contentDir), error);
    return files;
  }
  const { entries } = typeof walk === 'function' ? walk() : walk;
  const pathOf = pathInFolder(contentDir);
  for (const entry of entries) {
    if (entry.type === 'folder' || DOT_SEGMENT.test(entry.rel)) continue;
    const abs = pathOf(entry.rel);
    let path = abs;
    let walked: WalkedEntry | undefined;
    if (entry.type === 'link') {
      const target = await resolveLink(abs, root, display, diagnostics);
      if (!target) continue;
      path = target;
    } else if (entry.type === 'file') walked = entry;
    else continue;
    const rel = entry.rel;
    if (rel.startsWith('pages/')) {
      if (rel.endsWith('.md')) files.pages.push({ rel: rel.slice('pages/'.length), path, walked });
      else notRead(diagnostics, display(abs), 'pages');
    } else if (rel.startsWith('static/')) files.staticFiles.push({ rel: rel.slice('static/'.length), path });
    else if (/\.ya?ml$/.test(rel)) files.yaml.push({ rel, path, walked });
    else notRead(diagnostics, display(abs), 'content');
  }
  return files;
}

/**
 * A file none of the stages reads (a page not named `.md`, a note beside the facts): named, as nothing of it is
 * published, rather than passed over.
 */
function notRead(diagnostics: Diagnostics, file: string, where: 'pages' | 'content'): void {
  diagnostics.warn('load', {
    ruleId: 'unread-content-file',
    reason: `${file} is not read by the build, so nothing of it is published: ${
      where === 'pages' ? 'a page is a Markdown file named `.md`' : 'content/ holds YAML facts, pages/ and static/'
    }.`,
    fix:
      where === 'pages'
        ? 'Rename it to `.md` to publish it as a page, move it to content/static/ to publish it as it is, or move it out of content/.'
        : 'Move a page to content/pages/ (as `.md`), a file to publish as it is to content/static/, and notes out of content/.',
    file,
  });
}

/** A dot-file, or an entry in a dot-folder: not content. */
const DOT_SEGMENT = /(^|\/)\./;

/** The file a link leads to when it is a file inside the content folder; otherwise the refusal is reported. */
async function resolveLink(
  abs: string,
  root: string,
  display: (abs: string) => string,
  diagnostics: Diagnostics,
): Promise<string | undefined> {
  const file = display(abs);
  let target: string;
  try {
    target = await realpath(abs);
  } catch (error) {
    unreadable(diagnostics, file, error);
    return undefined;
  }
  const inside = relative(root, target);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    diagnostics.error('load', {
      ruleId: 'content-outside-folder',
      reason: `${file} is a symbolic link that leads outside the content folder; the build reads only files inside it.`,
      fix: 'Copy the file (or folder) into the content folder instead of linking to it.',
      file,
    });
    return undefined;
  }
  if ((await stat(target)).isDirectory()) {
    diagnostics.error('load', {
      ruleId: 'content-linked-folder',
      reason: `${file} is a symbolic link to a folder; links to folders are never followed.`,
      fix: 'Move the files into this folder, or link each file on its own.',
      file,
    });
    return undefined;
  }
  return target;
}

function unreadable(diagnostics: Diagnostics, file: string, error: unknown): void {
  const code = (error as { code?: string } | null)?.code;
  diagnostics.error('load', {
    ruleId: 'content-unreadable',
    reason: `${file} cannot be read (${code === 'ELOOP' ? 'a link that leads to itself' : code === 'ENOENT' ? 'a link to a file that does not exist' : (code ?? 'unknown error')}).`,
    fix: 'Remove the link or point it at a file inside the content folder, and check the file can be read.',
    file,
  });
}
