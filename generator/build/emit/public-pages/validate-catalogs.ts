// Semantic checks of the public-pages JSON artifacts, beyond their JSON Schemas: links resolve, coverage is whole.
import type { Validator, ValidateContext } from '../../registry/types.js';
import { findRouteFamily, matchesPattern } from '../../../runtime/query-routes/route-pattern.js';
import type { AgentModeDocument } from '../../../runtime/query-routes/types.js';
import { JsonDocument, pointerOf } from '../json/json-document.js';
import { reportProblem } from '../json/report.js';
import type { PublicPagesCatalog } from './catalog.js';
import { mcpEndpointUrl } from './links.js';
import { sitePages } from './site-pages.js';
import { isOnSite, siteEntryOf } from './served-urls.js';
import type { RuleId } from '../../messages/rules.js';

type Check<T> = (
  value: T,
  report: (ruleId: RuleId, pointer: string, reason: string, fix: string) => void,
  context: ValidateContext,
) => void;

/** Runs a check on a JSON artifact that has the expected top-level shape (its schema check reports the rest). */
function jsonCheck<T>(required: string[], check: Check<T>): Validator {
  return (artifact, context) => {
    const document = JsonDocument.read(artifact, context);
    if (!document || typeof document.value !== 'object' || document.value === null) return;
    if (required.some((key) => !(key in (document.value as object)))) return;
    check(
      document.value as T,
      (ruleId, pointer, reason, fix) => reportProblem(document, context, { ruleId, pointer, reason, fix }),
      context,
    );
  };
}

const REBUILD = 'Rebuild from content; if the content is right, this is a bug in the public-pages emitters.';

export const checkCatalog: Validator = jsonCheck<PublicPagesCatalog>(
  ['routeFamilies', 'pageContext'],
  (catalog, report, { registry }) => {
    const pages = new Set(sitePages(registry).map((e) => e.path));
    const families = Array.isArray(catalog.routeFamilies) ? catalog.routeFamilies : [];
    families.forEach((family, i) => {
      (family.examplePaths ?? []).forEach((path, j) => {
        const at = pointerOf('routeFamilies', i, 'examplePaths', j);
        if (!pages.has(path)) {
          report(
            'public-pages-example-path',
            at,
            `the example path ${path} is not a page the site publishes`,
            `List only published pages as examples. ${REBUILD}`,
          );
        } else if (!matchesPattern(family.pattern, path) || findRouteFamily(families, path) !== family) {
          report(
            'public-pages-example-path',
            at,
            `the example path ${path} does not belong to the family ${family.pattern}`,
            REBUILD,
          );
        }
      });
    });
    for (const path of pages) {
      if (!findRouteFamily(families, path)) {
        report(
          'public-pages-coverage',
          '/routeFamilies',
          `the published page ${path} belongs to no route family of the catalog`,
          `Add a family matching ${path} to content/public-pages.yaml.`,
        );
      }
    }
    const route = siteEntryOf(registry, catalog.pageContext?.url ?? '');
    if (route?.kind !== 'page-context') {
      report(
        'public-pages-link',
        '/pageContext/url',
        `${catalog.pageContext?.url} is not the site's page-context route`,
        REBUILD,
      );
    }
  },
);

export const checkAgentMode: Validator = jsonCheck<AgentModeDocument>(
  ['discoveryResources', 'mcpServer'],
  (doc, report, { registry, model }) => {
    const listed = new Set<string>();
    (Array.isArray(doc.discoveryResources) ? doc.discoveryResources : []).forEach((resource, i) => {
      listed.add(resource.url);
      if (!siteEntryOf(registry, resource.url)) {
        report(
          'agent-mode-link',
          pointerOf('discoveryResources', i, 'url'),
          `${resource.url} is not served by the site`,
          REBUILD,
        );
      }
    });
    for (const entry of registry.of('site').filter((e) => e.inContract)) {
      if (!listed.has(registry.url(entry))) {
        report(
          'agent-mode-coverage',
          '/discoveryResources',
          `the discovery resource ${entry.path} is not listed`,
          REBUILD,
        );
      }
    }
    for (const [i, step] of (doc.firstSteps ?? []).entries()) {
      if (step.url && isOnSite(registry, step.url) && !siteEntryOf(registry, step.url)) {
        report('agent-mode-link', pointerOf('firstSteps', i, 'url'), `${step.url} is not served by the site`, REBUILD);
      }
    }
    if (doc.mcpServer?.endpoint !== mcpEndpointUrl(model)) {
      report(
        'agent-mode-mcp-endpoint',
        '/mcpServer/endpoint',
        `the MCP endpoint is ${doc.mcpServer?.endpoint}, not ${mcpEndpointUrl(model)}`,
        `The only MCP endpoint is {mcp_url}/mcp (content/mcp-server.yaml). ${REBUILD}`,
      );
    }
  },
);
