// The page an address with nothing published answers with: written by editors as content/pages/404.md, published as
// the two files a CDN serves for a path it has no file at (404.html at the root of the site) and its Markdown twin.

export const NOT_FOUND_PAGE = {
  /** The page's id: content/pages/404.md. */
  id: '404',
  /** Where its HTML is published: the file Netlify and Cloudflare Pages send for every path they have no file at. */
  path: '/404.html',
  /** Its Markdown twin, sent instead to a request that prefers Markdown. */
  twin: '/404.md',
} as const;
