// How a tree in place is listed: its files and its folders by their names in it. One way, whichever thread lists it:
// the writer's own (files/file-system.ts) or the output stamps' (cache/output-stamps.ts), which runs this function's
// source.

/**
 * A tree's files (anything but a folder: a link made by hand is a file to replace or remove) and folders, by their
 * `/`-separated names in it, from its recursive listing. The one way a tree in place is listed, on this thread
 * (files/file-system.ts) or on the stamps' (its source is the thread's): it must need nothing but its arguments.
 */
export function listTree(
  entries: readonly { name: string; parentPath: string; isDirectory(): boolean }[],
  dir: string,
  separator: string,
): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  // Cut from the entry's folder, not path.relative (tens of thousands of entries).
  const root = dir.endsWith(separator) ? dir : dir + separator;
  for (const entry of entries) {
    const folder = entry.parentPath.length > root.length ? entry.parentPath.slice(root.length) : '';
    const name = folder ? `${folder}${separator}${entry.name}` : entry.name;
    (entry.isDirectory() ? dirs : files).push(separator === '/' ? name : name.split(separator).join('/'));
  }
  return { files, dirs };
}

/** A tree in place: its files and its folders, by their `/`-separated names in it. */
export interface TreeListing {
  files: Set<string>;
  dirs: Set<string>;
}
