// Parses an emitted XML file (strict, namespace-aware, with positions) so that validators can check its structure.
import sax from 'sax';

export interface XmlElement {
  /** Qualified name as written ("sf:contentType"). */
  name: string;
  local: string;
  /** Namespace URI the element resolves to ("" when none). */
  uri: string;
  attributes: Record<string, { value: string; uri: string; local: string }>;
  children: XmlElement[];
  text: string;
  line: number;
  column: number;
}

export type XmlParse = { ok: true; root: XmlElement } | { ok: false; reason: string; line: number; column: number };

/** Well-formedness (XML 1.0) and namespace resolution, by sax in strict mode; the first error stops the parse. */
export function parseXml(text: string): XmlParse {
  const parser = sax.parser(true, { xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: { reason: string; line: number; column: number } | undefined;
  parser.onerror = (error) => {
    failure ??= { reason: error.message.split('\n')[0]!, line: parser.line + 1, column: parser.column + 1 };
    throw error;
  };
  parser.onopentag = (tag) => {
    const node = tag as sax.QualifiedTag;
    const element: XmlElement = {
      name: node.name,
      local: node.local,
      uri: node.uri,
      attributes: Object.fromEntries(
        Object.entries(node.attributes).map(([name, a]) => [name, { value: a.value, uri: a.uri, local: a.local }]),
      ),
      children: [],
      text: '',
      line: parser.line + 1,
      column: parser.column + 1,
    };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else if (root)
      failure ??= { reason: 'The file has more than one root element.', line: element.line, column: element.column };
    else root = element;
    stack.push(element);
  };
  parser.ontext = (t) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += t;
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  try {
    parser.write(text).close();
  } catch {
    // onerror recorded the first failure.
  }
  if (failure) return { ok: false, ...failure };
  if (!root) return { ok: false, reason: 'The file has no root element.', line: 1, column: 1 };
  return { ok: true, root };
}
