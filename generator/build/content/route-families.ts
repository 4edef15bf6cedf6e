// Reads content/public-pages.yaml into the model and checks what can be checked before the registry exists.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model, PublicPages, RouteFamilySource, SourcePlace } from '../../model/types.js';

type At = (key: string, ...segments: (string | number)[]) => SourcePlace;

interface RawPublicPages {
  title: string;
  description: string;
  rules: string[];
  routeFamilies: Omit<RouteFamilySource, 'source' | 'rules' | 'ruleRefs' | 'resources'> &
    Partial<Pick<RouteFamilySource, 'rules' | 'ruleRefs' | 'resources'>>[];
}

export function readPublicPages(raw: RawPublicPages, at: At): PublicPages {
  return {
    title: raw.title,
    description: raw.description,
    rules: raw.rules,
    source: at('publicPages'),
    routeFamilies: raw.routeFamilies.map((family, i) => ({
      ...family,
      rules: family.rules ?? [],
      ruleRefs: family.ruleRefs ?? [],
      resources: family.resources ?? [],
      source: at('publicPages', 'routeFamilies', i),
    })),
  } as PublicPages;
}

/** The rule texts a `ruleRefs` item may name, by `<fact>:<rule id>`. */
export function referableRules(model: Model): Map<string, string> {
  const rules = new Map<string, string>();
  for (const rule of model.pricingCall.rules) rules.set(`pricingCall:${rule.id}`, rule.text);
  for (const rule of model.mcpServer.rules) rules.set(`mcpServer:${rule.id}`, rule.text);
  for (const rule of model.authentication.rules) rules.set(`authentication:${rule.id}`, rule.text);
  return rules;
}

export function checkPublicPages(model: Model, at: At, diagnostics: Diagnostics): void {
  const publicPages = model.publicPages;
  if (!publicPages) return;
  const rules = referableRules(model);
  const ids = new Set<string>();
  const patterns = new Set<string>();
  publicPages.routeFamilies.forEach((family, i) => {
    if (ids.has(family.id)) {
      diagnostics.error('load', {
        ruleId: 'duplicate-route-family',
        reason: `The route family id \`${family.id}\` is used twice.`,
        fix: 'Give each route family its own id.',
        place: at('publicPages', 'routeFamilies', i, 'id'),
      });
    }
    if (patterns.has(family.pattern)) {
      diagnostics.error('load', {
        ruleId: 'duplicate-route-family',
        reason: `The route pattern ${family.pattern} is declared by two families.`,
        fix: 'Keep one family per pattern.',
        place: at('publicPages', 'routeFamilies', i, 'pattern'),
      });
    }
    ids.add(family.id);
    patterns.add(family.pattern);
    family.ruleRefs.forEach((ref, j) => {
      if (!rules.has(ref)) {
        diagnostics.error('load', {
          ruleId: 'unknown-rule-ref',
          reason: `Route family \`${family.id}\` refers to the rule \`${ref}\`, which no content file defines.`,
          fix: `Use one of: ${[...rules.keys()].join(', ')}; or write the rule under \`rules\`.`,
          place: at('publicPages', 'routeFamilies', i, 'ruleRefs', j),
        });
      }
    });
  });
}
