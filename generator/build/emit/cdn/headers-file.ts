// `_headers` for Netlify and Cloudflare Pages: the compacted rules of the serving plan, within Cloudflare's limits.
import type { Emitter, Validator } from '../../registry/types.js';
import { headerRules } from './header-rules.js';
import { CLOUDFLARE_HEADERS_LIMITS, CLOUDFLARE_HEADERS_MAX_RULES, type HeadersLimits } from './limits.js';
import { servingPlan } from './serving-plan.js';

/**
 * Both CDNs join the values of a header set by two matching rules, so each header name of a path is set by one rule
 * only (see header-rules.ts). Folded sections are named in a comment, for whoever reads the file.
 */
export const emitHeadersFile: Emitter = (_entry, { registry, memo }) => {
  const plan = memo('cdn:serving-plan', () => servingPlan(registry));
  const lines = [
    '# Response headers for Netlify and Cloudflare Pages, generated from the registry by `npm run build`. Do not edit.',
  ];
  // The files streamed beside a route's data (a context per page) are one splat, with the route's headers.
  const streamed = plan.queryRoutes.flatMap((r) => (r.files ? [{ ...r.data, path: r.files, headers: r.headers }] : []));
  for (const rule of headerRules([...plan.files, ...streamed], plan.apiCatalog, CLOUDFLARE_HEADERS_MAX_RULES)) {
    if (rule.fold === 'section') {
      lines.push(
        `# ${rule.pattern}: ${rule.paths.length} files folded to fit the rule limit; the CDN sets Content-Type by extension, and the pages' Markdown twins are linked from their HTML.`,
      );
    }
    lines.push(rule.pattern);
    for (const [name, value] of rule.headers) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
};

/** Fails the build, at the offending line, when `_headers` would exceed what Cloudflare Pages reads. */
export function checkHeadersLimits(limits: HeadersLimits = CLOUDFLARE_HEADERS_LIMITS): Validator {
  return (artifact, { artifacts, diagnostics, displayPath }) => {
    const file = displayPath(artifact.entry);
    const lines = artifacts.text(artifact).split('\n');
    let rules = 0;
    lines.forEach((line, index) => {
      if (line.length > limits.maxLine) {
        diagnostics.error('validate', {
          ruleId: 'cdn-headers-line-too-long',
          reason: `This line of _headers has ${line.length} characters; Cloudflare Pages reads at most ${limits.maxLine}.`,
          fix: 'Shorten the header value (fewer Link targets on the page, a shorter media type or path).',
          place: { file, line: index + 1, column: limits.maxLine + 1 },
        });
      }
      if (line.startsWith('/') || /^https?:\/\//.test(line)) {
        rules += 1;
        if (rules === limits.maxRules + 1) {
          diagnostics.error('validate', {
            ruleId: 'cdn-headers-too-many-rules',
            reason: `_headers has more than ${limits.maxRules} rules (this is rule ${rules}); Cloudflare Pages ignores the rest.`,
            fix: 'Each top-level path is one rule (a page with a Markdown twin is two); a folder is folded into one rule when needed, so move pages into section folders (/help/…), publish fewer top-level files, or deploy to Netlify or nginx, which have no such limit.',
            place: { file, line: index + 1, column: 1 },
          });
        }
      }
    });
  };
}
