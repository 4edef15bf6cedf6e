// A minimal element constructor for the layout's HTML nodes.
import type { Element, ElementContent, Properties } from 'hast';

export function h(tagName: string, properties: Properties = {}, children: (ElementContent | string)[] = []): Element {
  return {
    type: 'element',
    tagName,
    properties,
    children: children.map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c)),
  };
}
