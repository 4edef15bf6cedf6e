// What the agent journey takes from the site, read the way an agent reads it: from /llms.txt, or from the API catalog
// and the cards it links. Each reading rule is written here once; nothing comes from the content or the build.
import type { Link, ListItem, Paragraph, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { readSep1649, readSep2127 } from './card-readers.js';

/** A control as the site states it. */
export interface StatedControl {
  name: string;
  scope: string;
  readOnly: boolean;
}

/** What the journey knows after reading its first file, and where each fact was read. */
export interface Published {
  /** The file the journey started from. */
  source: string;
  mcpUrl: string;
  controls: StatedControl[];
  /** The protected resource metadata's URL: where the OAuth flow starts. */
  resourceMetadata: string;
  /** The discovery chain's URLs in order, when the source states one. */
  chain?: string[];
  /** Every JSON document the source links: the cards are among them. */
  documents: string[];
}

export class ReadingError extends Error {}

export type Get = (url: string) => Promise<{ status: number; type: string; text: string }>;

const ABSOLUTE = /^https?:\/\//;

/**
 * `/llms.txt`: the MCP endpoint is the absolute URL in code of the paragraph that names the MCP endpoint; a control is
 * a list item that opens with its name in code and says, in its parenthesis, "read-only" and "scope `…`"; the
 * discovery chain is the ordered list after the paragraph that names it; the documents are its links to JSON files.
 */
export function readLlms(source: string, text: string): Published {
  const tree = unified().use(remarkParse).parse(text) as Root;
  const blocks = tree.children;
  let mcpUrl: string | undefined;
  let chain: string[] | undefined;
  const controls: StatedControl[] = [];
  blocks.forEach((block, i) => {
    if (block.type !== 'paragraph') return;
    const words = textOf(block);
    if (!mcpUrl && /\bMCP endpoint is\b/.test(words)) mcpUrl = codeUrls(block)[0];
    const next = blocks[i + 1];
    if (!chain && /discovery chain/i.test(words) && next?.type === 'list' && next.ordered) {
      chain = next.children.map((item) => linksOf(item)[0] ?? '').filter(Boolean);
    }
  });
  visit(tree, 'listItem', (item: ListItem) => {
    const control = statedControl(item);
    if (control) controls.push(control);
  });
  const documents = [...new Set(linksOf(tree).filter((url) => /\.json$|\/\.well-known\//.test(new URL(url).pathname)))];
  if (!mcpUrl) throw new ReadingError(`${source} names no MCP endpoint (a paragraph "The MCP endpoint is \`<url>\`").`);
  if (!chain || chain.length < 2) throw new ReadingError(`${source} states no discovery chain as an ordered list.`);
  if (controls.length === 0) throw new ReadingError(`${source} states no control with its scope.`);
  return { source, mcpUrl, controls, chain, resourceMetadata: chain[1]!, documents };
}

function statedControl(item: ListItem): StatedControl | undefined {
  const first = item.children[0];
  if (first?.type !== 'paragraph') return undefined;
  const [name, rest] = first.children;
  if (name?.type !== 'inlineCode' || rest?.type !== 'text' || !rest.value.startsWith(' (')) return undefined;
  const parenthesis = textOf(first).slice(name.value.length).split(')')[0]!;
  const scope = /\bscope (\S+)/.exec(parenthesis)?.[1];
  if (!scope) return undefined;
  return { name: name.value, scope, readOnly: /\bread-only\b/.test(parenthesis) };
}

function codeUrls(paragraph: Paragraph): string[] {
  return paragraph.children.flatMap((c) => (c.type === 'inlineCode' && ABSOLUTE.test(c.value) ? [c.value] : []));
}

function linksOf(node: Root | ListItem): string[] {
  const urls: string[] = [];
  visit(node, 'link', (link: Link) => {
    if (ABSOLUTE.test(link.url)) urls.push(link.url);
  });
  return urls;
}

type Json = Record<string, unknown>;
type Target = { href?: unknown };

/**
 * `/.well-known/api-catalog` (RFC 9727): the MCP server is the context whose `service-meta` links a card with a
 * remote (SEP-2127) or a transport endpoint (SEP-1649); its tools with their scopes are the controls; the `service-meta`
 * document with `resource` and `authorization_servers` is the protected resource metadata (RFC 9728).
 */
export async function readCatalog(source: string, text: string, get: Get): Promise<Published> {
  let catalog: { linkset?: Json[] };
  try {
    catalog = JSON.parse(text) as { linkset?: Json[] };
  } catch {
    throw new ReadingError(`${source} is not JSON.`);
  }
  const contexts = Array.isArray(catalog.linkset) ? catalog.linkset : [];
  const documents = contexts.flatMap((c) =>
    Object.values(c).flatMap((targets) =>
      Array.isArray(targets) ? (targets as Target[]).flatMap((t) => (typeof t.href === 'string' ? [t.href] : [])) : [],
    ),
  );
  for (const context of contexts) {
    const meta = (Array.isArray(context['service-meta']) ? context['service-meta'] : []) as Target[];
    let card: unknown;
    let resourceMetadata: string | undefined;
    for (const href of meta.flatMap((t) => (typeof t.href === 'string' ? [t.href] : []))) {
      const answer = await get(href);
      let doc: Json;
      try {
        doc = JSON.parse(answer.text) as Json;
      } catch {
        continue;
      }
      if (typeof doc.resource === 'string' && Array.isArray(doc.authorization_servers)) resourceMetadata ??= href;
      else if (!card && (readSep2127(doc).connect || readSep1649(doc).connect)) card = doc;
    }
    if (!card) continue;
    const reading = readSep2127(card).connect ? readSep2127(card) : readSep1649(card);
    if (!resourceMetadata) throw new ReadingError(`${source} links no protected resource metadata for the MCP server.`);
    const controls = reading.tools.flatMap((t) =>
      t.scope ? [{ name: t.name, scope: t.scope, readOnly: t.readOnly }] : [],
    );
    if (controls.length === 0)
      throw new ReadingError(`The MCP card that ${source} links states no tool with its scope.`);
    return {
      source,
      mcpUrl: reading.connect!.url,
      controls,
      resourceMetadata,
      documents: [...new Set(documents.filter((url) => /\.json$|\/\.well-known\//.test(new URL(url).pathname)))],
    };
  }
  throw new ReadingError(`${source} links no MCP server card in any context's service-meta.`);
}
