// The expansion passes' walk: document order, and a visitor that replaces its node says where the walk goes on.
import { describe, expect, it } from 'vitest';
import type { Nodes, Root } from 'mdast';
import { walk } from '../../../generator/build/render/walk.js';

const tree = (): Root => ({
  type: 'root',
  children: [
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'a' },
        { type: 'emphasis', children: [{ type: 'text', value: 'b' }] },
      ],
    },
    { type: 'paragraph', children: [{ type: 'text', value: 'c' }] },
  ],
});
const label = (n: Nodes) => ('value' in n ? n.value : n.type);

describe('walk', () => {
  it('visits every node in document order, each with its index and parent', () => {
    const seen: string[] = [];
    walk(
      tree(),
      (node, index, parent) => void seen.push(`${label(node)}@${index ?? '-'}<${parent ? parent.type : '-'}`),
    );
    expect(seen).toEqual([
      'root@-<-',
      'paragraph@0<root',
      'a@0<paragraph',
      'emphasis@1<paragraph',
      'b@0<emphasis',
      'paragraph@1<root',
      'c@0<paragraph',
    ]);
  });

  it('leaves out the children of a skipped node', () => {
    const seen: string[] = [];
    walk(tree(), (node) => {
      seen.push(label(node));
      return node.type === 'emphasis' ? 'skip' : undefined;
    });
    expect(seen).toEqual(['root', 'paragraph', 'a', 'emphasis', 'paragraph', 'c']);
  });

  it('goes on at the index a replacing visitor returns, without visiting what it put in', () => {
    const root = tree();
    const seen: string[] = [];
    walk(root, (node, index, parent) => {
      seen.push(label(node));
      if (node.type !== 'emphasis' || !parent || index === undefined) return;
      (parent.children as Nodes[]).splice(index, 1, { type: 'text', value: 'x' }, { type: 'text', value: 'y' });
      return index + 2;
    });
    expect(seen).toEqual(['root', 'paragraph', 'a', 'emphasis', 'paragraph', 'c']);
    expect((root.children[0] as { children: Nodes[] }).children.map(label)).toEqual(['a', 'x', 'y']);
  });
});
