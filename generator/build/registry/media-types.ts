// The media types each artifact is served with (standards.md, "Media types and headers").

export const MEDIA_TYPES = {
  json: 'application/json',
  /** @see https://www.rfc-editor.org/rfc/rfc9727 (profile) and RFC 9264 (linkset+json) */
  linkset: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  jsonLd: 'application/ld+json',
  /** A missing charset garbles non-ASCII text in clients. */
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  css: 'text/css; charset=utf-8',
  javascript: 'text/javascript; charset=utf-8',
  octet: 'application/octet-stream',
} as const;

/** Media type of a static file copied from content/static, by its extension. */
export function mediaTypeOfStatic(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (ext) {
    case 'svg':
      return MEDIA_TYPES.svg;
    case 'png':
      return MEDIA_TYPES.png;
    case 'ico':
      return MEDIA_TYPES.ico;
    case 'css':
      return MEDIA_TYPES.css;
    case 'txt':
      return MEDIA_TYPES.text;
    case 'json':
      return MEDIA_TYPES.json;
    default:
      return MEDIA_TYPES.octet;
  }
}
