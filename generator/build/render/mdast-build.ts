// Small constructors for the mdast nodes that directives generate from the model (tables, lists, links).
import type {
  BlockContent,
  Heading,
  InlineCode,
  Link,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Strong,
  Table,
  TableCell,
  Text,
} from 'mdast';

export type Inline = PhrasingContent | string;

const phrasing = (items: Inline[]): PhrasingContent[] =>
  items.map((item) => (typeof item === 'string' ? text(item) : item));

export const text = (value: string): Text => ({ type: 'text', value });
export const code = (value: string): InlineCode => ({ type: 'inlineCode', value });
export const strong = (...children: Inline[]): Strong => ({ type: 'strong', children: phrasing(children) });
export const link = (url: string, ...children: Inline[]): Link => ({
  type: 'link',
  url,
  children: phrasing(children.length ? children : [url]),
});
export const paragraph = (...children: Inline[]): Paragraph => ({ type: 'paragraph', children: phrasing(children) });
export const heading = (depth: Heading['depth'], ...children: Inline[]): Heading => ({
  type: 'heading',
  depth,
  children: phrasing(children),
});

/** A list whose items are single paragraphs (or richer blocks). */
export function list(items: (Inline[] | BlockContent[])[], ordered = false): List {
  return {
    type: 'list',
    ordered,
    spread: false,
    children: items.map(
      (item): ListItem => ({
        type: 'listItem',
        spread: false,
        children: isBlocks(item) ? item : [paragraph(...item)],
      }),
    ),
  };
}

function isBlocks(item: Inline[] | BlockContent[]): item is BlockContent[] {
  return (
    item.length > 0 && typeof item[0] !== 'string' && ['paragraph', 'list', 'table', 'code'].includes(item[0]!.type)
  );
}

/** A GFM table: a header row, then one row per item. */
export function table(header: string[], rows: (Inline | Inline[])[][]): Table {
  const cell = (content: Inline | Inline[]): TableCell => ({
    type: 'tableCell',
    children: phrasing(Array.isArray(content) ? content : [content]),
  });
  const row = (cells: (Inline | Inline[])[]) => ({ type: 'tableRow' as const, children: cells.map(cell) });
  return { type: 'table', align: header.map(() => null), children: [row(header), ...rows.map(row)] };
}
