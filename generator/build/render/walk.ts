// A plain depth-first walk over a page's tree for the expansion passes. unist-util-visit makes a closure and a type
// test per node; over 10,000 pages its overhead alone cost as much as the passes' own work.
import type { Nodes, Parents } from 'mdast';

/**
 * What a visitor returns: nothing to go on into the node's children and then to its next sibling; `skip` to leave
 * its children out; a number to leave its children out and go on at that index of the parent (after a splice).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that returns nothing goes on with the walk.
export type WalkResult = void | 'skip' | number;

/**
 * Calls `visitor` on `node` and then on its descendants, in document order, as unist-util-visit does. Children are
 * read from the live array, so a visitor may replace the node it is given and say where to go on.
 */
export function walk(
  node: Nodes,
  visitor: (node: Nodes, index: number | undefined, parent: Parents | undefined) => WalkResult,
  index?: number,
  parent?: Parents,
): number | undefined {
  const result = visitor(node, index, parent);
  if (typeof result === 'number') return result;
  if (result !== 'skip' && 'children' in node) {
    const children = node.children as Nodes[];
    let i = 0;
    while (i < children.length) i = walk(children[i]!, visitor, i, node) ?? i + 1;
  }
  return undefined;
}
