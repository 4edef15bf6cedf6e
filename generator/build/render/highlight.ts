// Code blocks highlighted at build time, in both colour schemes: Shiki, through its rehype plugin, on the HTML tree.
// Each block is read once, with a theme whose colours are custom properties: a token gets a class naming its role
// (`code-keyword`), and the stylesheet gives each role its colour in each scheme.
// Start-up is the cost: grammars come precompiled (no regular expression is compiled at run time), only JSON, HTTP,
// shell and YAML are offered, the highlighter is made once per thread, when that thread first meets a code block, and
// a grammar is loaded when a block first names a language it may be (see LANGUAGE_TIERS).
import { createRequire } from 'node:module';
import type { Element, Root } from 'hast';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import {
  createCssVariablesTheme,
  createHighlighterCoreSync,
  type HighlighterCore,
  isSpecialLang,
  type LanguageRegistration,
  type ShikiTransformer,
} from 'shiki/core';
import { createJavaScriptRawEngine } from 'shiki/engine/javascript';
import json from '@shikijs/langs-precompiled/json';
import shellscript from '@shikijs/langs-precompiled/shellscript';
import yaml from '@shikijs/langs-precompiled/yaml';
import { CODE_ROLES } from './code-roles.js';

// HTTP's grammars are an ES module read with require (Node >= 20.19), from node_modules: loaded in the middle of a
// render, by the first block that needs them, never bundled with the commands.
const require = createRequire(import.meta.url);

/**
 * The languages pages may name on a code fence (their aliases too: `sh`, `bash`, `yml`), in the order they are
 * loaded. A small grammar is loaded alone, when a block names it or one of its aliases (a page of JSON loads neither
 * shell's nor YAML's); a block naming any other language not loaded yet loads the next tier that names no languages,
 * until the language is found or every tier is loaded (then it is plain text). HTTP's module brings the grammars it
 * embeds (XML, GraphQL, and through GraphQL JavaScript, TypeScript, JSX, TSX: a megabyte, 0.1 s to load), which a page
 * of JSON and shell never needs. None of the small grammars includes another grammar or is injected into by one, so a
 * block is coloured the same whatever else is loaded.
 */
export const LANGUAGE_TIERS: readonly { names?: readonly string[]; load: () => LanguageRegistration[] }[] = [
  ...[json, shellscript, yaml].map((grammar) => ({
    names: grammar.flatMap((language) => [language.name, ...(language.aliases ?? [])]),
    load: () => grammar,
  })),
  { load: () => (require('@shikijs/langs-precompiled/http') as { default: LanguageRegistration[] }).default },
];

/** The theme: each token's colour is `var(--code-<role>)`, turned into a class by `TOKEN_CLASSES`. */
const CODE_THEME = createCssVariablesTheme({ name: 'code-roles', variablePrefix: '--code-', fontStyle: false });

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
const tiersLoaded = new Set<number>();

function highlighterOnce(): (tree: Root) => void {
  highlighter ??= createHighlighterCoreSync({ themes: [CODE_THEME], langs: [], engine: createJavaScriptRawEngine() });
  // The plugin's types follow shiki's bundle; the core highlighter is the same object without a bundle's names.
  const core = highlighter as unknown as Parameters<typeof rehypeShikiFromHighlighter>[0];
  transform ??= rehypeShikiFromHighlighter(core, {
    theme: CODE_THEME.name as string,
    transformers: [TOKEN_CLASSES],
    // A fence without a language, or with one not loaded, is shown as it is, in the code block's colours.
    defaultLanguage: 'text',
    fallbackLanguage: 'text',
    // Shiki stops colouring a line after 500 ms of wall-clock time by default, so a busy machine would publish other
    // bytes than a calm one. No limit here: a page that renders too long is stopped by the page's own time budget.
    tokenizeTimeLimit: 0,
  }) as (tree: Root) => void;
  return transform;
}

/** Loads the tiers of LANGUAGE_TIERS that may hold each language the blocks name, until it is loaded. */
function loadLanguagesOf(tree: Root, core: HighlighterCore): void {
  for (const language of blockLanguages(tree)) {
    for (const [tier, { names, load }] of LANGUAGE_TIERS.entries()) {
      if (isSpecialLang(language) || known(core, language)) break;
      if (tiersLoaded.has(tier) || (names && !names.includes(language))) continue;
      core.loadLanguageSync(load());
      tiersLoaded.add(tier);
    }
  }
}

const known = (core: HighlighterCore, language: string) => core.getLoadedLanguages().includes(language);

/** Whether this thread has made its highlighter (it is made at the first code block). */
export const highlighterLoaded = () => highlighter !== undefined;

/** The languages this thread's highlighter has loaded, their aliases included. */
export const loadedLanguages = (): string[] => highlighter?.getLoadedLanguages() ?? [];

/** Highlights every code block of a page; a page without one never loads the highlighter. */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    if (!hasCodeBlock(tree)) return;
    const highlight = highlighterOnce();
    loadLanguagesOf(tree, highlighter!);
    highlight(tree);
  };
}

/** The languages named by the blocks' `language-*` class, as the rehype plugin reads them (a `<pre>`'s first child). */
function blockLanguages(node: Root | Element, found = new Set<string>()): Set<string> {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre') {
      const code = child.children[0];
      const classes = code?.type === 'element' && code.tagName === 'code' ? code.properties.className : undefined;
      const named = Array.isArray(classes)
        ? classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'))
        : undefined;
      if (named) found.add(named.slice('language-'.length));
    }
    blockLanguages(child, found);
  }
  return found;
}

/** Whether a tree holds a `<pre>`: blocks are at the top or in lists and quotes, so the walk stops at the first. */
function hasCodeBlock(node: Root | Element): boolean {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre' || hasCodeBlock(child)) return true;
  }
  return false;
}
