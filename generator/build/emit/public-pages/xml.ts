// Small helpers for writing the XML files (schemamap, sitemaps) by hand: escaping and the namespaces they use.

/** @see https://www.sitemaps.org/protocol.html#xmlTagDefinitions */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** NLWeb schema feeds: the namespace of `<sf:contentType>` in schemamap.xml. */
export const SCHEMA_FEED_NAMESPACE = 'http://schema.org/schemas/schemafeed/0.1';
/** The content type NLWeb gives a schema.org feed in schemamap.xml. */
export const SCHEMA_FEED_CONTENT_TYPE = 'structuredData/schema.org';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Escapes text and attribute values (the five XML entities), so a URL with & or quotes stays well-formed. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}
