// Code blocks highlighted at build time, in both colour schemes: Shiki, through its rehype plugin, on the HTML tree.
// Start-up is the cost: grammars come precompiled (no regular expression is compiled at run time), only JSON, HTTP,
// shell and YAML are loaded, and the highlighter is made once per thread, when that thread first meets a code block.
// Each block is read once, with a theme whose colours are custom properties: a token gets a class naming its role
// (`code-keyword`), and the stylesheet gives each role its colour in each scheme.
import type { Element, Root } from 'hast';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import {
  createCssVariablesTheme,
  createHighlighterCoreSync,
  type HighlighterCore,
  type LanguageRegistration,
  type ShikiTransformer,
} from 'shiki/core';
import { createJavaScriptRawEngine } from 'shiki/engine/javascript';
import json from '@shikijs/langs-precompiled/json';
import http from '@shikijs/langs-precompiled/http';
import shellscript from '@shikijs/langs-precompiled/shellscript';
import yaml from '@shikijs/langs-precompiled/yaml';
import { CODE_ROLES } from './code-roles.js';

/** The theme: each token's colour is `var(--code-<role>)`, turned into a class by `TOKEN_CLASSES`. */
const CODE_THEME = createCssVariablesTheme({ name: 'code-roles', variablePrefix: '--code-', fontStyle: false });

/** The languages pages may name on a code fence (their aliases too: `sh`, `bash`, `yml`); any other is plain text. */
export const CODE_LANGUAGES = [json, http, shellscript, yaml].flat() as LanguageRegistration[];

const ROLE = /^color:var\(--code-(?:token-)?([a-z-]+)\)$/;

/**
 * A token coloured by one of the roles gets its class (`code-string`); a token in the block's own colour gets nothing;
 * the block keeps only its class (the stylesheet gives it its colours).
 */
const TOKEN_CLASSES: ShikiTransformer = {
  name: 'token-classes',
  pre(node: Element) {
    // Colours come from the stylesheet; the page's own plugin makes every code block focusable (once).
    delete node.properties.style;
    delete node.properties.tabindex;
  },
  span(node: Element) {
    const role = ROLE.exec(String(node.properties.style ?? ''))?.[1];
    delete node.properties.style;
    if (role && CODE_ROLES.includes(role)) node.properties.className = [`code-${role}`];
  },
};

let highlighter: HighlighterCore | undefined;
let transform: ((tree: Root) => void) | undefined;

function highlighterOnce(): (tree: Root) => void {
  highlighter ??= createHighlighterCoreSync({
    themes: [CODE_THEME],
    langs: CODE_LANGUAGES,
    engine: createJavaScriptRawEngine(),
  });
  // The plugin's types follow shiki's bundle; the core highlighter is the same object without a bundle's names.
  const core = highlighter as unknown as Parameters<typeof rehypeShikiFromHighlighter>[0];
  transform ??= rehypeShikiFromHighlighter(core, {
    theme: CODE_THEME.name as string,
    transformers: [TOKEN_CLASSES],
    // A fence without a language, or with one not loaded, is shown as it is, in the code block's colours.
    defaultLanguage: 'text',
    fallbackLanguage: 'text',
  }) as (tree: Root) => void;
  return transform;
}

/** Whether this thread has made its highlighter (it is made at the first code block). */
export const highlighterLoaded = () => highlighter !== undefined;

/** Highlights every code block of a page; a page without one never loads the highlighter. */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    if (hasCodeBlock(tree)) highlighterOnce()(tree);
  };
}

/** Whether a tree holds a `<pre>`: blocks are at the top or in lists and quotes, so the walk stops at the first. */
function hasCodeBlock(node: Root | Element): boolean {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre' || hasCodeBlock(child)) return true;
  }
  return false;
}
