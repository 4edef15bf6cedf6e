// The theme's files: written once per build under /assets/, each name carrying a hash of its bytes, so that every way
// of serving may keep them for good (the runtime's `immutable` cache policy) and a changed theme is a new name.
import { createHash } from 'node:crypto';
import type { DerivedEntry, Emitter } from '../../registry/types.js';
import type { Registry } from '../../registry/registry.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import { THEME_SCRIPT } from './theme-script.js';
import { THEME_STYLESHEET } from './theme-style.js';

interface ThemeAsset {
  /** The name before the hash and the extension after it. */
  name: string;
  extension: string;
  mediaType: string;
  body: string;
  title: string;
  purpose: string;
}

const ASSETS: ThemeAsset[] = [
  {
    name: 'site',
    extension: 'css',
    mediaType: MEDIA_TYPES.css,
    body: THEME_STYLESHEET,
    title: 'Stylesheet',
    purpose: "The theme's stylesheet, shared by every HTML page.",
  },
  {
    name: 'site',
    extension: 'js',
    mediaType: MEDIA_TYPES.javascript,
    body: THEME_SCRIPT,
    title: 'Script',
    purpose: "The theme's one enhancement: a copy button on code blocks. Every page reads the same without it.",
  },
];

/** The folder the theme's files are served from. */
export const THEME_FOLDER = '/assets/';

const pathOf = (asset: ThemeAsset) =>
  `${THEME_FOLDER}${asset.name}.${createHash('sha256').update(asset.body).digest('hex').slice(0, 12)}.${asset.extension}`;

// Hashed once per process: the bytes are constants.
const byPath = new Map(ASSETS.map((asset) => [pathOf(asset), asset]));

/** Where the theme's files come from: the generator's own theme, not a content file. */
const SOURCE = { file: 'generator/build/emit/guidance/theme-style.ts' };

export function deriveThemeAssets(): DerivedEntry[] {
  return [...byPath].map(([path, asset]) => ({
    path,
    title: asset.title,
    purpose: asset.purpose,
    mediaType: asset.mediaType,
    group: 'theme',
    audience: ['people'],
    inContract: false,
    source: SOURCE,
  }));
}

export const emitThemeAsset: Emitter = (entry) => {
  const asset = byPath.get(entry.path);
  if (!asset) throw new Error(`${entry.path} is not one of the theme's files`);
  return asset.body;
};

/** The stylesheet's path, which every page links. */
export function stylesheetPath(registry: Registry): string | undefined {
  return registry.ofKind('theme-asset').find((e) => e.path.endsWith('.css'))?.path;
}

/** The script's path, which a page with code loads. */
export function scriptPath(registry: Registry): string | undefined {
  return registry.ofKind('theme-asset').find((e) => e.path.endsWith('.js'))?.path;
}
