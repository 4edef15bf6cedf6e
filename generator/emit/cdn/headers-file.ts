// `_headers` for Netlify and Cloudflare Pages: one rule per served path, from the serving plan, within Cloudflare's limits.
import type { Emitter, Validator } from '../../registry/types.js';
import { CLOUDFLARE_HEADERS_LIMITS, type HeadersLimits } from './limits.js';
import { servingPlan } from './serving-plan.js';

/**
 * Both CDNs join the values of a header set by two matching rules, so each header name is set by one rule only:
 * nosniff for every path in `/*`, the rest per exact path.
 */
export const emitHeadersFile: Emitter = (_entry, { registry, memo }) => {
  const plan = memo('cdn:serving-plan', () => servingPlan(registry));
  const lines = [
    '# Response headers for Netlify and Cloudflare Pages, generated from the registry by `npm run build`. Do not edit.',
    '/*',
    '  X-Content-Type-Options: nosniff',
  ];
  for (const file of plan.files) {
    lines.push(file.path);
    for (const [name, value] of file.headers) if (name !== 'X-Content-Type-Options') lines.push(`  ${name}: ${value}`);
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
            fix: 'Each served path is one rule (a page with a Markdown twin is two). Publish fewer files, or deploy to Netlify or nginx, which have no such limit.',
            place: { file, line: index + 1, column: 1 },
          });
        }
      }
    });
  };
}
