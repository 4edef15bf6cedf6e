// The public-pages family's kinds: media type, output file, emitter and validators of each.
import type { FamilyKinds } from '../../registry/build-registry.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import { schemaValidator } from '../json/artifact-schemas.js';
import { emitAgentMode } from './agent-mode.js';
import { emitCatalog } from './catalog.js';
import { checkAgentMode, checkCatalog } from './validate-catalogs.js';
import { checkPageContext } from './validate-page-contexts.js';
import { checkRobots } from './validate-robots.js';
import { checkEntity, checkSchemaFeed } from './validate-schema-org.js';
import { checkSchemamap, makeSitemapCheck } from './validate-xml.js';
import { emitPageContextData, streamPageContextsAgain } from './page-context.js';
import { PAGE_CONTEXT_FOLDER } from '../../../runtime/query-routes/context-files.js';
import { emitRobots } from './robots.js';
import { emitEntity, emitSchemaFeed } from './schema-feed.js';
import { emitSchemamap } from './schemamap.js';
import { deriveSitemapParts, makeSitemapEmitter } from './sitemap.js';
import { SITEMAP_LIMITS, type SitemapLimits } from './sitemap-limits.js';

/**
 * Where the data behind the query routes lives in the site tree: handlers read it, the CDN need not list it. The page
 * contexts themselves are one file per page beside the page-context data (its `contexts` says where).
 */
export const AGENT_DATA_FILES = {
  pageContext: '_agent/page-context.json',
  agentMode: '_agent/agent-mode.json',
} as const;

export interface PublicPagesOptions {
  /** The sitemap protocol's limits; tests pass small ones to force a split. */
  sitemapLimits?: SitemapLimits;
}

export function makePublicPagesKinds(options: PublicPagesOptions = {}) {
  const limits = options.sitemapLimits ?? SITEMAP_LIMITS;
  return {
    'public-pages-catalog': {
      mediaType: MEDIA_TYPES.json,
      discovery: true,
      emit: emitCatalog,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [schemaValidator('public-pages', 'Fix content/public-pages.yaml, then rebuild.'), checkCatalog],
    },
    'page-context': {
      mediaType: MEDIA_TYPES.json,
      discovery: true,
      answersQueryRoute: true,
      file: () => AGENT_DATA_FILES.pageContext,
      streamFolder: PAGE_CONTEXT_FOLDER,
      // Its shards, its families and the registry: a verdict is kept while they are the same.
      validatorsReadOwnBytes: true,
      emit: emitPageContextData,
      streamAgain: streamPageContextsAgain,
      emitReadsScope: true,
      validate: [
        schemaValidator('page-context', 'Fix content/public-pages.yaml or the pages, then rebuild.'),
        checkPageContext,
      ],
    },
    'agent-mode': {
      mediaType: MEDIA_TYPES.json,
      discovery: true,
      answersQueryRoute: true,
      file: () => AGENT_DATA_FILES.agentMode,
      emit: emitAgentMode,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [schemaValidator('agent-mode', 'Fix the content the message names, then rebuild.'), checkAgentMode],
    },
    'schema-feed': {
      mediaType: MEDIA_TYPES.jsonLd,
      discovery: true,
      emit: emitSchemaFeed,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [
        schemaValidator('schema-feed', 'Fix the identity in content/service.yaml, then rebuild.'),
        checkSchemaFeed,
      ],
    },
    entity: {
      mediaType: MEDIA_TYPES.jsonLd,
      discovery: true,
      emit: emitEntity,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [schemaValidator('entity', 'Fix the identity in content/service.yaml, then rebuild.'), checkEntity],
    },
    schemamap: {
      mediaType: MEDIA_TYPES.xml,
      discovery: true,
      emit: emitSchemamap,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [checkSchemamap],
    },
    robots: {
      mediaType: MEDIA_TYPES.text,
      emit: emitRobots,
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [checkRobots],
    },
    sitemap: {
      mediaType: MEDIA_TYPES.xml,
      emit: makeSitemapEmitter(limits),
      validatorsReadScope: true,
      emitReadsScope: true,
      validate: [makeSitemapCheck(limits)],
      derive: (model) => deriveSitemapParts(model, limits),
    },
  } satisfies FamilyKinds;
}

export const publicPagesKinds = makePublicPagesKinds();
