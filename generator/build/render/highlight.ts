// Code blocks highlighted at build time, in both colour schemes: Shiki, through its rehype plugin, on the HTML tree.
// Start-up is the cost: grammars come precompiled (no regular expression is compiled at run time), only JSON, HTTP,
// shell and YAML are loaded, and the highlighter is made once per thread, when that thread first meets a code block.
import type { Root } from 'hast';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import { createHighlighterCoreSync, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRawEngine } from 'shiki/engine/javascript';
import json from '@shikijs/langs-precompiled/json';
import http from '@shikijs/langs-precompiled/http';
import shellscript from '@shikijs/langs-precompiled/shellscript';
import yaml from '@shikijs/langs-precompiled/yaml';
import githubLight from '@shikijs/themes/github-light-default';
import githubDark from '@shikijs/themes/github-dark-default';
import { visit } from 'unist-util-visit';

/** The two schemes: the light one is written as colours, the dark one as `--shiki-dark` for the stylesheet to use. */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** The languages pages may name on a code fence (their aliases too: `sh`, `bash`, `yml`); any other is plain text. */
export const CODE_LANGUAGES = [json, http, shellscript, yaml].flat() as LanguageRegistration[];

let highlighter: HighlighterCore | undefined;
let transform: ((tree: Root) => void) | undefined;

function highlighterOnce(): (tree: Root) => void {
  highlighter ??= createHighlighterCoreSync({
    themes: [githubLight, githubDark],
    langs: CODE_LANGUAGES,
    engine: createJavaScriptRawEngine(),
  });
  // The plugin's types follow shiki's bundle; the core highlighter is the same object without a bundle's names.
  const core = highlighter as unknown as Parameters<typeof rehypeShikiFromHighlighter>[0];
  transform ??= rehypeShikiFromHighlighter(core, {
    themes: CODE_THEMES,
    defaultColor: 'light',
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
    let hasCode = false;
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'pre') return;
      hasCode = true;
      return false;
    });
    if (hasCode) highlighterOnce()(tree);
  };
}
