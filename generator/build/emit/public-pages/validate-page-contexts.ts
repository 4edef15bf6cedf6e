// Checks of the page-context data: its small index file, then every page's context file, one at a time as the stream
// makes (or the validate command reads) them, so that checking 100,000 contexts never holds them all.
import type { ValidateFunction } from 'ajv';
import type { Artifact, ArtifactStream, StreamedFile, ValidateContext, Validator } from '../../registry/types.js';
import { findRouteFamily } from '../../../runtime/query-routes/route-pattern.js';
import { contextFileOf } from '../../../runtime/query-routes/context-files.js';
import type { PageContext, PageContextData, RouteFamily } from '../../../runtime/query-routes/types.js';
import { artifactSchema, describeSchemaError, pointerOfError } from '../json/artifact-schemas.js';
import { JsonDocument, pointerOf } from '../json/json-document.js';
import { reportProblem } from '../json/report.js';
import { sitePages } from './site-pages.js';
import { isOnSite, siteEntryOf } from './served-urls.js';
import type { RuleId } from '../../messages/rules.js';

const REBUILD = 'Rebuild from content; if the content is right, this is a bug in the public-pages emitters.';
const SCHEMA_FIX = 'Fix content/public-pages.yaml or the pages, then rebuild.';

/** One context against `$defs/pageContext` of the page-context schema: the part of it a context file holds. */
function validateContext(value: unknown): ValidateFunction {
  const contextSchema = artifactSchema('page-context#pageContext');
  contextSchema(value);
  return contextSchema;
}

export const checkPageContext: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  const data = document?.value as Partial<PageContextData> | undefined;
  // The schema check reports a missing or malformed member.
  if (!document || !data || typeof data.contexts !== 'string' || !Array.isArray(data.routeFamilies)) return;
  const stream = context.artifacts.streamOf(artifact.entry);
  if (!stream) {
    reportProblem(document, context, {
      ruleId: 'page-context-coverage',
      pointer: '/contexts',
      reason: 'the context files of the pages are missing',
      fix: REBUILD,
    });
    return;
  }
  checkContextFiles(document, data as PageContextData, stream, context);
};

function checkContextFiles(
  document: JsonDocument,
  data: PageContextData,
  stream: ArtifactStream,
  context: ValidateContext,
): void {
  const { registry } = context;
  const { artifact } = document;
  const ids = new Map<string, RouteFamily>(data.routeFamilies.map((f) => [f.id, f]));
  const seen = new Set<string>();
  for (const part of stream.files()) {
    const problems: { ruleId: RuleId; pointer: string; reason: string; fix: string }[] = [];
    const report = (ruleId: RuleId, pointer: string, reason: string, fix = REBUILD) =>
      problems.push({ ruleId, pointer, reason, fix });
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
    const validate = validateContext(value);
    for (const error of validate.errors ?? []) {
      report(
        'page-context-schema',
        pointerOfError(error),
        `${describeSchemaError(error)} (schemas/artifacts/page-context.schema.json, #/$defs/pageContext${error.schemaPath.slice(1)}).`,
        SCHEMA_FIX,
      );
    }
    const page = value as PageContext;
    if (!validate.errors && typeof page.path === 'string') {
      seen.add(page.path);
      if (`/${part.file}` !== contextFileOf(data, page.path)) {
        report(
          'page-context-file',
          '/path',
          `the context of ${page.path} is in the file of another path (/${part.file})`,
        );
      }
      const html = registry.get(page.path)?.kind === 'markdown' ? undefined : page.path;
      const expected = html ? findRouteFamily(data.routeFamilies, html)?.id : page.routeFamily;
      if (!ids.has(page.routeFamily) || expected !== page.routeFamily) {
        report(
          'page-context-family',
          '/routeFamily',
          `the context of ${page.path} names the family \`${page.routeFamily}\`, but the matcher gives \`${expected ?? 'none'}\``,
        );
      }
      const canonical = siteEntryOf(registry, page.canonicalUrl);
      if (!canonical || canonical.dataFor)
        report('page-context-link', '/canonicalUrl', `${page.canonicalUrl} is not a page the site serves`);
      page.resources.forEach((resource, i) => {
        if (isOnSite(registry, resource.href) && !siteEntryOf(registry, resource.href)) {
          report('page-context-link', pointerOf('resources', i, 'href'), `${resource.href} is not served by the site`);
        }
      });
    }
    // Placed (parsed again with a pointer map) only when there is something to say.
    if (problems.length > 0) {
      const placed = JsonDocument.read(partArtifact(artifact, part), context);
      if (placed) for (const problem of problems) reportProblem(placed, context, problem);
    }
  }
  for (const page of sitePages(registry)) {
    if (!seen.has(page.path)) {
      reportProblem(document, context, {
        ruleId: 'page-context-coverage',
        pointer: '/contexts',
        reason: `the published page ${page.path} has no context file (${contextFileOf(data, page.path)})`,
        fix: REBUILD,
      });
    }
  }
}

/** A context file as an artifact of its own, so that messages name it (dist/_agent/page-context/help/x.json). */
function partArtifact(artifact: Artifact, part: StreamedFile): Artifact {
  return { entry: { ...artifact.entry, file: part.file, path: `/${part.file}` }, body: part.body };
}
