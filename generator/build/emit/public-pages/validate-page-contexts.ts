// Checks of the page-context data: its small index file, then every shard, one at a time as the stream makes (or
// the validate command reads) them, so that checking 100,000 pages' contexts never holds them all.
import type { ValidateFunction } from 'ajv';
import type { Artifact, ArtifactStream, StreamedFile, ValidateContext, Validator } from '../../registry/types.js';
import { findRouteFamily } from '../../../runtime/query-routes/route-pattern.js';
import { shardFile, shardFileOf, shardOf, shardOfFile } from '../../../runtime/query-routes/context-files.js';
import type { PageContext, PageContextData, RouteFamily } from '../../../runtime/query-routes/types.js';
import { artifactSchema, describeSchemaError, pointerOfError } from '../json/artifact-schemas.js';
import { JsonDocument, pointerOf } from '../json/json-document.js';
import { reportProblem } from '../json/report.js';
import { sitePages } from './site-pages.js';
import { isOnSite, siteEntryOf } from './served-urls.js';
import type { RuleId } from '../../messages/rules.js';
import { SHARD_MAX_BYTES } from './page-context-shards.js';

const REBUILD = 'Rebuild from content; if the content is right, this is a bug in the public-pages emitters.';
const SCHEMA_FIX = 'Fix content/public-pages.yaml or the pages, then rebuild.';

/** One context against `$defs/pageContext` of the page-context schema: what a shard holds for each path. */
function validateContext(value: unknown): ValidateFunction {
  const contextSchema = artifactSchema('page-context#pageContext');
  contextSchema(value);
  return contextSchema;
}

export const checkPageContext: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  const data = document?.value as Partial<PageContextData> | undefined;
  // The schema check reports a missing or malformed member.
  const contexts = data?.contexts;
  if (!document || !data || !Array.isArray(data.routeFamilies) || typeof contexts !== 'object' || contexts === null)
    return;
  if (typeof contexts.file !== 'string' || !Number.isSafeInteger(contexts.shards) || contexts.shards < 1) return;
  const stream = context.artifacts.streamOf(artifact.entry);
  if (!stream) {
    reportProblem(document, context, {
      ruleId: 'page-context-coverage',
      pointer: '/contexts',
      reason: 'the shards of the page contexts are missing',
      fix: REBUILD,
    });
    return;
  }
  checkShards(document, data as PageContextData, stream, context);
};

type Problem = { ruleId: RuleId; pointer: string; reason: string; fix: string };

function checkShards(document: JsonDocument, data: PageContextData, stream: ArtifactStream, context: ValidateContext) {
  const { artifact } = document;
  const ids = new Map<string, RouteFamily>(data.routeFamilies.map((f) => [f.id, f]));
  const seen = new Set<string>();
  const shards = new Set<number>();
  for (const part of stream.files()) {
    const problems: Problem[] = [];
    const report = (ruleId: RuleId, pointer: string, reason: string, fix = REBUILD) =>
      problems.push({ ruleId, pointer, reason, fix });
    const k = shardOfFile(data.contexts, `/${part.file}`);
    if (k === undefined) {
      report(
        'page-context-shard',
        '',
        `/${part.file} is no shard of ${data.contexts.file} (0 to ${data.contexts.shards - 1})`,
      );
    } else shards.add(k);
    const bytes = Buffer.byteLength(part.body);
    if (bytes > SHARD_MAX_BYTES) {
      report(
        'page-context-shard-size',
        '',
        `the shard holds ${bytes} bytes, more than the ${SHARD_MAX_BYTES} an edge handler reads on a request`,
        'Rebuild (the build chooses enough shards); a single context this large needs fewer rules or resources in its route family (content/public-pages.yaml).',
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(part.body);
    } catch {
      value = undefined; // JsonDocument.read below reports the syntax error at its place
    }
    if (value === undefined) {
      JsonDocument.read(partArtifact(artifact, part), context);
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      report('page-context-schema', '', 'a shard is a JSON object from each site path to its page context');
    } else {
      for (const [path, entry] of Object.entries(value)) {
        seen.add(path);
        checkEntry(path, entry, k, data, ids, context, report);
      }
    }
    // Placed (parsed again with a pointer map) only when there is something to say.
    if (problems.length > 0) {
      const placed = JsonDocument.read(partArtifact(artifact, part), context);
      if (placed) for (const problem of problems) reportProblem(placed, context, problem);
    }
  }
  for (let k = 0; k < data.contexts.shards; k += 1) {
    if (!shards.has(k)) {
      reportProblem(document, context, {
        ruleId: 'page-context-shard',
        pointer: '/contexts/shards',
        reason: `shard ${k} of ${data.contexts.shards} (${shardFile(data.contexts, k)}) is missing`,
        fix: REBUILD,
      });
    }
  }
  for (const page of sitePages(context.registry)) {
    if (!seen.has(page.path)) {
      reportProblem(document, context, {
        ruleId: 'page-context-coverage',
        pointer: '/contexts',
        reason: `the published page ${page.path} has no context in its shard (${shardFileOf(data.contexts, page.path)})`,
        fix: REBUILD,
      });
    }
  }
}

/** One entry of shard `k`: the context of `path`, in the right shard, of the right family, linking to what is served. */
function checkEntry(
  path: string,
  value: unknown,
  k: number | undefined,
  data: PageContextData,
  ids: Map<string, RouteFamily>,
  context: ValidateContext,
  report: (ruleId: RuleId, pointer: string, reason: string, fix?: string) => void,
): void {
  const { registry } = context;
  const at = (...segments: (string | number)[]) => pointerOf(path, ...segments);
  const validate = validateContext(value);
  for (const error of validate.errors ?? []) {
    report(
      'page-context-schema',
      `${at()}${pointerOfError(error)}`,
      `${describeSchemaError(error)} (schemas/artifacts/page-context.schema.json, #/$defs/pageContext${error.schemaPath.slice(1)}).`,
      SCHEMA_FIX,
    );
  }
  if (validate.errors) return;
  const page = value as PageContext;
  if (page.path !== path)
    report('page-context-file', at('path'), `the entry of ${path} holds the context of ${page.path}`);
  const home = shardOf(data.contexts, path);
  if (k !== undefined && home !== k)
    report('page-context-shard', at(), `the context of ${path} is in shard ${k}, but its path hashes to shard ${home}`);
  const html = registry.get(page.path)?.kind === 'markdown' ? undefined : page.path;
  const expected = html ? findRouteFamily(data.routeFamilies, html)?.id : page.routeFamily;
  if (!ids.has(page.routeFamily) || expected !== page.routeFamily) {
    report(
      'page-context-family',
      at('routeFamily'),
      `the context of ${page.path} names the family \`${page.routeFamily}\`, but the matcher gives \`${expected ?? 'none'}\``,
    );
  }
  const canonical = siteEntryOf(registry, page.canonicalUrl);
  if (!canonical || canonical.dataFor)
    report('page-context-link', at('canonicalUrl'), `${page.canonicalUrl} is not a page the site serves`);
  page.resources.forEach((resource, i) => {
    if (isOnSite(registry, resource.href) && !siteEntryOf(registry, resource.href)) {
      report('page-context-link', at('resources', i, 'href'), `${resource.href} is not served by the site`);
    }
  });
}

/** A shard as an artifact of its own, so that messages name it (dist/_agent/page-context/7.json). */
function partArtifact(artifact: Artifact, part: StreamedFile): Artifact {
  return { entry: { ...artifact.entry, file: part.file, path: `/${part.file}` }, body: part.body };
}
