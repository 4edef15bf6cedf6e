// robots.txt checks (RFC 9309 line syntax) and its Sitemap: and Schemamap: lines pointing at what the site serves.
import type { Validator } from '../../registry/types.js';
import { mainSitemap } from './sitemap.js';
import type { RuleId } from '../../messages/rules.js';

const REBUILD = 'Rebuild; if it persists, the robots emitter is broken.';

export const checkRobots: Validator = (artifact, context) => {
  const file = context.displayPath(artifact.entry);
  const { registry } = context;
  const report = (ruleId: RuleId, line: number, reason: string) =>
    context.diagnostics.error('validate', {
      ruleId,
      reason: `${file}: ${reason}.`,
      fix: REBUILD,
      place: { file, line, column: 1 },
    });
  const fields = new Map<string, { value: string; line: number }[]>();
  context.artifacts
    .text(artifact)
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/#.*$/, '').trim();
      if (line === '') return;
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
      if (!match) {
        report('robots-syntax', i + 1, `"${raw}" is not a "field: value" line`);
        return;
      }
      const name = match[1]!.toLowerCase();
      fields.set(name, [...(fields.get(name) ?? []), { value: match[2]!, line: i + 1 }]);
    });
  const expect = (field: string, ruleId: RuleId, url: string | undefined) => {
    const lines = fields.get(field.toLowerCase()) ?? [];
    if (url && !lines.some((l) => l.value === url)) report(ruleId, lines[0]?.line ?? 1, `no "${field}: ${url}" line`);
    for (const l of lines)
      if (l.value !== url)
        report(ruleId, l.line, `"${field}: ${l.value}" is not the absolute URL of the site's ${field.toLowerCase()}`);
  };
  const sitemap = mainSitemap(registry);
  const schemamap = registry.ofKind('schemamap')[0];
  expect('Sitemap', 'robots-sitemap', sitemap && registry.url(sitemap));
  expect('Schemamap', 'robots-schemamap', schemamap && registry.url(schemamap));
};
