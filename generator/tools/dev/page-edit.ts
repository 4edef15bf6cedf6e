// The dev loop's fast path: when saves changed only the bodies of existing pages, those pages are read
// again, checked and rendered on top of the served build, so the editor sees the change at once. Everything a page
// body can reach beyond its own HTML and twin (llms-full.txt, the deploy files, the whole-tree checks) is brought up
// to date afterwards by the background completion (background-build.ts).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join, relative, sep } from 'node:path';
import { readPage } from '../../build/content/load.js';
import type { ContentSchemas } from '../../build/content/schema-check.js';
import { createEmitContext } from '../../build/emit/emit-context.js';
import { guardContent } from '../../build/boundaries/content-guard.js';
import { Diagnostics } from '../../build/messages/diagnostics.js';
import type { Model, Page } from '../../model/types.js';
import { PAGE_OUTPUT_KINDS } from '../../build/render/page-products.js';
import { displayPath } from '../../build/registry/display-path.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { ArtifactSet, type RegistryEntry, type ValidateContext } from '../../build/registry/types.js';
import type { GoodBuild } from './good-build.js';

export interface PageEditInput {
  /** The build being served: the edit is rendered on top of it. */
  served: GoodBuild;
  contentDir: string;
  /** Absolute paths of the files saved since the served build. */
  paths: Iterable<string>;
  schemas: ContentSchemas;
  kinds: KindTable;
}

export type PageEditResult =
  /** Something other than page bodies changed (or may have): only a whole build is right. */
  | { kind: 'full'; why: string }
  /** Every saved page reads as the served build has it. */
  | { kind: 'unchanged' }
  /** The edit breaks a page: its messages, placed in content/pages. */
  | { kind: 'problems'; diagnostics: Diagnostics }
  /** The served build with the edited pages' own files replaced; `changed` lists those entries. */
  | { kind: 'pages'; model: Model; artifacts: ArtifactSet; changed: RegistryEntry[]; diagnostics: Diagnostics };

/** What the registry and every other page read of a page: a change to any of these takes the full path. */
const frontMatterOf = (page: Page) => ({
  title: page.title,
  description: page.description,
  order: page.order,
});

export async function applyPageEdits(input: PageEditInput): Promise<PageEditResult> {
  const { served, contentDir } = input;
  const pagesDir = join(contentDir, 'pages');
  const displayRoot = join(contentDir, '..');
  const diagnostics = new Diagnostics();
  const byId = new Map(served.model.pages.map((p) => [p.id, p]));
  const edited: Page[] = [];

  for (const path of new Set(input.paths)) {
    const rel = relative(pagesDir, path);
    const inPages = rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
    // Anything outside content/pages (facts, static files, schemas) feeds more than one page.
    if (!inPages) return { kind: 'full', why: `${path} is not a page` };
    // Only pages/**/*.md are read by the build; an editor's other files there (a backup, a test write) are not inputs.
    if (!rel.endsWith('.md')) continue;
    const id = rel.slice(0, -'.md'.length).split(sep).join('/');
    const before = byId.get(id);
    if (!before) return { kind: 'full', why: `${rel} is a new page` };
    let text: string;
    try {
      // Read at once, not through the file system thread pool, where other reads (the watcher's) may be queued.
      text = readFileSync(path, 'utf8');
    } catch {
      return { kind: 'full', why: `${rel} was removed` };
    }
    const file = relative(displayRoot, path).split(sep).join('/');
    const page = readPage(rel.split(sep).join('/'), file, text, input.schemas, diagnostics);
    if (!page) {
      if (diagnostics.hasErrors) continue;
      return { kind: 'full', why: `${rel} could not be read as a page` };
    }
    if (!isDeepStrictEqual(frontMatterOf(page), frontMatterOf(before)))
      return { kind: 'full', why: `the front matter of ${rel} changed` };
    if (!isDeepStrictEqual(page, before)) edited.push(page);
  }
  if (diagnostics.hasErrors) return { kind: 'problems', diagnostics };
  if (edited.length === 0) return { kind: 'unchanged' };

  const replaced = new Map(edited.map((p) => [p.id, p]));
  const model: Model = { ...served.model, pages: served.model.pages.map((p) => replaced.get(p.id) ?? p) };
  // The load stage's checks on a page's own words (the contract's boundaries, literal addresses), as a full build runs them.
  guardContent({ sources: [], pages: edited }, model, diagnostics);
  // As in a full build, a content mistake found at load stops before anything is emitted from it.
  if (diagnostics.hasErrors) return { kind: 'problems', diagnostics };

  const { registry } = served;
  const { kinds } = input;
  const artifacts = new ArtifactSet();
  for (const artifact of served.artifacts.values()) artifacts.set(artifact);
  // A page context reads only what the registry and the front matter say of its page, and neither changed here.
  for (const stream of served.artifacts.streams()) artifacts.setStream(stream);
  const context = createEmitContext(model, registry, diagnostics, artifacts);
  const changed: RegistryEntry[] = [];
  for (const entry of registry.entries) {
    if (!entry.page || !replaced.has(entry.page) || entry.aliasOf || !PAGE_OUTPUT_KINDS.has(entry.kind)) continue;
    const kind = kinds[entry.kind];
    if (!kind) return { kind: 'full', why: `no kind ${entry.kind}` };
    try {
      artifacts.set({ entry, body: kind.emit(entry, context) });
    } catch (error) {
      // The full path reports an emitter's crash with its place, as a build does.
      return {
        kind: 'full',
        why: `emitting ${entry.path} failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    changed.push(entry);
  }
  if (diagnostics.hasErrors) return { kind: 'problems', diagnostics };
  // An alias repeats its target's bytes exactly.
  const changedPaths = new Set(changed.map((e) => `${e.host} ${e.path}`));
  for (const entry of registry.entries) {
    if (!entry.aliasOf || !changedPaths.has(`${entry.host} ${entry.aliasOf}`)) continue;
    const target = artifacts.byPath(entry.aliasOf, entry.host);
    if (target) {
      artifacts.set({ entry, body: target.body });
      changed.push(entry);
    }
  }

  // The edited files' own validators (one title, canonical and twin links, no placeholder left); the checks over
  // the whole tree run in the background completion.
  const validate: ValidateContext = { model, registry, diagnostics, artifacts, displayPath: (e) => displayPath(e) };
  for (const entry of changed) {
    const artifact = artifacts.get(entry.host, entry.file);
    if (!artifact) continue;
    for (const validator of kinds[entry.kind]?.validate ?? []) {
      try {
        validator(artifact, validate);
      } catch (error) {
        return { kind: 'full', why: `a validator failed: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
  }
  if (diagnostics.hasErrors) return { kind: 'problems', diagnostics };
  return { kind: 'pages', model, artifacts, changed, diagnostics };
}
