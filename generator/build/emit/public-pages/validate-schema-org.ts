// Checks of the schema feed and entity.json beyond their schemas: one line, unique @ids, the same Organization.
import type { Validator } from '../../registry/types.js';
import { JsonDocument, pointerOf } from '../json/json-document.js';
import { reportProblem } from '../json/report.js';
import { siteEntryOf } from './served-urls.js';
import type { RuleId } from '../../messages/rules.js';

const REBUILD = 'Rebuild from content; if the content is right, this is a bug in the schema.org emitters.';

type Node = Record<string, unknown>;

export const checkSchemaFeed: Validator = (artifact, context) => {
  const text = context.artifacts.text(artifact);
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  if (text.replace(/\n$/, '').includes('\n')) {
    reportProblem(document, context, {
      ruleId: 'schema-feed-one-line',
      pointer: '',
      reason: 'the feed spans several lines; it must be one line, so that it is also a one-record JSON Lines file',
      fix: REBUILD,
    });
  }
  const graph = (document.value as { '@graph'?: unknown })['@graph'];
  if (!Array.isArray(graph)) return;
  const seen = new Set<string>();
  graph.forEach((node: Node, i) => {
    const id = node?.['@id'];
    if (typeof id !== 'string') return;
    if (seen.has(id)) {
      reportProblem(document, context, {
        ruleId: 'schema-feed-id',
        pointer: pointerOf('@graph', i, '@id'),
        reason: `the @id ${id} is used by two nodes`,
        fix: REBUILD,
      });
    }
    seen.add(id);
  });
};

export const checkEntity: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const entity = document.value as Node;
  const report = (ruleId: RuleId, pointer: string, reason: string) =>
    reportProblem(document, context, { ruleId, pointer, reason, fix: REBUILD });
  const logo = entity.logo;
  if (typeof logo === 'string' && !siteEntryOf(context.registry, logo)) {
    report('entity-logo', '/logo', `the logo ${logo} is not served by the site`);
  }
  for (const feedEntry of context.registry.ofKind('schema-feed')) {
    const feed = context.artifacts.get(feedEntry.host, feedEntry.file);
    if (!feed) continue;
    let graph: Node[] = [];
    try {
      graph = (JSON.parse(context.artifacts.text(feed)) as { '@graph'?: Node[] })['@graph'] ?? [];
    } catch {
      continue; // the feed's own validator reports it
    }
    const node = graph.find((n) => n['@id'] === entity['@id']);
    if (node?.['@type'] !== 'Organization') {
      report(
        'entity-feed-id',
        '/@id',
        `${context.displayPath(feedEntry)} has no Organization with the @id ${String(entity['@id'])}`,
      );
      continue;
    }
    for (const [key, value] of Object.entries(entity)) {
      if (key === '@context') continue;
      if (JSON.stringify(node[key]) !== JSON.stringify(value)) {
        report(
          'entity-feed-mismatch',
          pointerOf(key),
          `\`${key}\` differs from the Organization node of ${context.displayPath(feedEntry)}`,
        );
      }
    }
  }
};
