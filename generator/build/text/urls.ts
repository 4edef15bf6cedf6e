// Finds the URLs an artifact links to: absolute http(s) URLs anywhere, and root-relative links of HTML and Markdown.
import type { TextFormat } from './text-format.js';

export interface FoundUrl {
  url: string;
  offset: number;
}

const ABSOLUTE = /https?:\/\/[^\s"'<>`\\)\]|]+/g;
// Prose puts punctuation right after a URL; no URL this site emits ends with one.
const TRAILING = /[.,;:!?*_]+$/;

export function absoluteUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  for (const match of text.matchAll(ABSOLUTE)) {
    const url = match[0].replace(TRAILING, '').replace(/&amp;/g, '&');
    found.push({ url, offset: match.index });
  }
  return found;
}

/** Links written as site paths ("/mcp.md"): HTML href/src attributes and Markdown link destinations. */
export function rootRelativeLinks(text: string, format: TextFormat): FoundUrl[] {
  const pattern =
    format === 'html'
      ? /\b(?:href|src)="(\/(?!\/)[^"]*)"/g
      : format === 'markdown'
        ? /\]\((\/(?!\/)[^)\s]*)/g
        : undefined;
  if (!pattern) return [];
  return [...text.matchAll(pattern)].map((m) => ({
    url: m[1]!.replace(/&amp;/g, '&'),
    offset: m.index + m[0].indexOf(m[1]!),
  }));
}

/**
 * The path (with query and fragment) of a URL on an origin, or undefined when the URL is elsewhere. The character
 * after the origin must end the host, so http://localhost:4100 does not claim http://localhost:41001.
 */
export function pathOn(url: string, origin: string): string | undefined {
  if (url === origin) return '/';
  if (!url.startsWith(origin)) return undefined;
  const rest = url.slice(origin.length);
  if (rest.startsWith('/')) return rest;
  if (rest.startsWith('?') || rest.startsWith('#')) return `/${rest}`;
  return undefined;
}

/** A URL template (RFC 6570 braces) names a family of URLs, not one resource. */
export function isTemplate(url: string): boolean {
  return /[{}]/.test(url) || /%7B/i.test(url);
}

/** Splits "/a/b?x=1#f" into its path and query (fragment dropped). */
export function splitPath(pathWithQuery: string): { path: string; query: string } {
  const noFragment = pathWithQuery.split('#')[0]!;
  const q = noFragment.indexOf('?');
  const rawPath = q < 0 ? noFragment : noFragment.slice(0, q);
  let path = rawPath || '/';
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as written; the lookup then fails and says so.
  }
  return { path, query: q < 0 ? '' : noFragment.slice(q + 1) };
}
