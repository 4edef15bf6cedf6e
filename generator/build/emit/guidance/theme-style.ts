// The theme's stylesheet: one file per build, its name carrying a hash of these bytes (see theme-assets.ts).
//
// Colours: every colour of the theme is one custom property of the two blocks below, light first, then dark
// (`prefers-color-scheme`). Change a colour there and nowhere else; the browser test checks each pair of text and
// background against WCAG 2.1 AA in both schemes, so a colour that reads badly fails `npm test`.
// A highlighted token's colour is the custom property of its role (`--code-keyword`), one per role of code-roles.ts.

import { CODE_ROLES } from '../../render/code-roles.js';

const LIGHT = `
  --bg: #ffffff;
  --surface: #f5f7f9;
  --text: #1b1f24;
  --muted: #525a63;
  --border: #d3d9df;
  --accent: #0b57b8;
  --accent-text: #ffffff;
  --code-bg: #f5f7f9;
  --code-keyword: #cf222e;
  --code-string: #0a3069;
  --code-string-expression: #116329;
  --code-constant: #0550ae;
  --code-comment: #57606a;
  --code-function: #6639ba;
  --code-parameter: #953800;
  --code-link: #0a3069;
`;

const DARK = `
  --bg: #11151a;
  --surface: #1a2028;
  --text: #e7ecf1;
  --muted: #a5afba;
  --border: #343c46;
  --accent: #7cb7ff;
  --accent-text: #0b1522;
  --code-bg: #1a2028;
  --code-keyword: #ff7b72;
  --code-string: #a5d6ff;
  --code-string-expression: #7ee787;
  --code-constant: #79c0ff;
  --code-comment: #9da7b3;
  --code-function: #d2a8ff;
  --code-parameter: #ffa657;
  --code-link: #a5d6ff;
`;

/** Layout, type scale and components; colours only through the custom properties above. */
const RULES = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light dark;-webkit-text-size-adjust:100%}
body{margin:0;overflow-wrap:break-word;background:var(--bg);color:var(--text);font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
a{color:var(--accent);text-underline-offset:.15em;overflow-wrap:anywhere}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
code,pre,kbd{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;font-size:.9em}
:not(pre)>code{background:var(--code-bg);border:1px solid var(--border);border-radius:4px;padding:.05em .3em;overflow-wrap:anywhere}
.skip-link{position:absolute;left:.5rem;top:-4rem;z-index:10;background:var(--accent);color:var(--accent-text);padding:.5rem 1rem;border-radius:4px}
.skip-link:focus{top:.5rem}
.site-header{border-bottom:1px solid var(--border);background:var(--surface)}
.site-header nav{max-width:80rem;margin:0 auto;padding:.6rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.5rem}
.site-header .brand{font-weight:700;color:var(--text);text-decoration:none;font-size:1.1rem}
.site-header ul,.sidebar ul,.pager ul,.site-footer ul{list-style:none;margin:0;padding:0}
.site-header ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.site-header ul a{text-decoration:none}
.site-header ul a:hover{text-decoration:underline}
[aria-current]{font-weight:700;color:var(--text)}
.page{max-width:80rem;margin:0 auto;padding:1rem;display:grid;grid-template-columns:minmax(0,1fr);gap:1.5rem 3rem}
main{min-width:0;max-width:46rem}
h1,h2,h3,h4{line-height:1.25;margin:2rem 0 .75rem}
h1{font-size:2rem;margin-top:.5rem}
h2{font-size:1.5rem;padding-top:.5rem;border-top:1px solid var(--border)}
h3{font-size:1.2rem}
h2>a,h3>a,h4>a{color:inherit;text-decoration:none}
h2>a:hover::after,h3>a:hover::after,h4>a:hover::after,h2>a:focus::after,h3>a:focus::after,h4>a:focus::after{content:" #";color:var(--muted)}
p,ul,ol,table,pre{margin:0 0 1rem}
li+li{margin-top:.25rem}
.table-scroll{overflow-x:auto;margin:0 0 1rem}
table{border-collapse:collapse;min-width:100%;font-size:.95rem}
th,td{border:1px solid var(--border);padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:var(--surface)}
pre{overflow-x:auto;padding:.8rem 1rem;border:1px solid var(--border);border-radius:6px;background:var(--code-bg);line-height:1.5}
pre code{font-size:.875rem}
.code-frame{position:relative}
.code-frame pre{padding-right:4.5rem}
.copy-button{position:absolute;top:.4rem;right:.4rem;font:inherit;font-size:.8rem;padding:.1rem .5rem;border:1px solid var(--border);border-radius:4px;background:var(--bg);color:var(--text);cursor:pointer}
a[rel~="external"]::after{content:" \\2197";font-size:.8em}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sidebar{font-size:.95rem}
.sidebar h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);border:0;margin:0 0 .5rem;padding:0}
.sidebar nav+nav{margin-top:1.5rem}
.sidebar li{margin:0;padding:.15rem 0}
.sidebar a{text-decoration:none}
.sidebar a:hover{text-decoration:underline}
.pager ul{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;border-top:1px solid var(--border);padding-top:1rem}
.pager a{display:block;text-decoration:none}
.pager span{display:block;font-size:.85rem;color:var(--muted)}
.site-footer{border-top:1px solid var(--border);background:var(--surface);font-size:.9rem;margin-top:2rem}
.site-footer>*{max-width:80rem;margin-left:auto;margin-right:auto;padding:0 1rem}
.site-footer h2{font-size:1rem;margin:1rem auto .5rem}
.site-footer ul{columns:18rem auto;column-gap:2rem}
.site-footer li{break-inside:avoid;margin:0 0 .3rem}
@media (min-width:64rem){
.page{grid-template-columns:15rem minmax(0,1fr);padding-top:2rem}
.page>main,.page>.pager{grid-column:2}
.page>main{grid-row:1}
.page>.pager{grid-row:2}
.page>.sidebar{grid-column:1;grid-row:1/span 2;position:sticky;top:1rem;align-self:start;max-height:calc(100vh - 2rem);overflow-y:auto}
}
${CODE_ROLES.map((role) => `.code-${role}{color:var(--code-${role})}`).join('\n')}
@media print{.site-header,.sidebar,.pager,.copy-button{display:none}}
`;

export const THEME_STYLESHEET = `:root{${LIGHT}}\n@media (prefers-color-scheme:dark){:root{${DARK}}}\n${RULES.trim()}\n`;
