// The edits several files share (a service name in every page's head, a new item in every page's navigation): each
// shown once with the files it touches, so a report's length follows the change, not the number of pages.
import type { ArtifactChange } from './compare.js';
import { isPageFile } from './page-address.js';
import type { Edit } from './text-diff.js';

export interface SharedChange {
  /** The edit as it reads in the first file that has it. */
  edit: Edit;
  /** Every file it is made in, in the tree's order. */
  files: string[];
  /** How many of those files are HTML pages. */
  pages: number;
}

export interface GroupedChanges {
  shared: SharedChange[];
  /** Per changed file, the edits no other file shares. */
  own: Map<string, Edit[]>;
}

export function groupChanges(changes: ArtifactChange[]): GroupedChanges {
  const byKey = new Map<string, { edit: Edit; files: Set<string> }>();
  for (const change of changes) {
    for (const edit of editsOf(change)) {
      const group = byKey.get(edit.key);
      if (group) group.files.add(change.path);
      else byKey.set(edit.key, { edit, files: new Set([change.path]) });
    }
  }
  const sharedKeys = new Set([...byKey].filter(([, g]) => g.files.size > 1).map(([key]) => key));
  const shared = [...sharedKeys]
    .map((key) => {
      const { edit, files } = byKey.get(key)!;
      return { edit, files: [...files], pages: [...files].filter(isPageFile).length };
    })
    .sort((a, b) => b.files.length - a.files.length);
  const own = new Map<string, Edit[]>();
  for (const change of changes) {
    if (change.status !== 'changed') continue;
    own.set(
      change.path,
      editsOf(change).filter((e) => !sharedKeys.has(e.key)),
    );
  }
  return { shared, own };
}

function editsOf(change: ArtifactChange): Edit[] {
  const summary = change.summary;
  return summary && summary.format !== 'binary' ? (summary.edits ?? []) : [];
}
