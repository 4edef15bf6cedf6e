// /schemamap.xml: a sitemap <urlset> listing the schema feeds, in the NLWeb "Schema Feeds" form.
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import {
  escapeXml,
  SCHEMA_FEED_CONTENT_TYPE,
  SCHEMA_FEED_NAMESPACE,
  SITEMAP_NAMESPACE,
  XML_DECLARATION,
} from './xml.js';

export function emitSchemamap(_entry: RegistryEntry, context: EmitContext): string {
  const feeds = context.registry.ofKind('schema-feed').filter((e) => !e.aliasOf);
  const type = escapeXml(SCHEMA_FEED_CONTENT_TYPE);
  const urls = feeds.map(
    (feed) =>
      `  <url contentType="${type}">\n    <loc>${escapeXml(context.registry.url(feed))}</loc>\n` +
      `    <sf:contentType>${type}</sf:contentType>\n  </url>`,
  );
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:sf="${SCHEMA_FEED_NAMESPACE}">`,
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
