// What makes a top-level page a section: the one answer the `::section-pages` directive and `npm run new` both use.
import type { Model } from './types.js';

/**
 * A section is a top-level page with sub-pages, or with a route family for them (`/<id>/{slug}` in
 * content/public-pages.yaml, as `npm run new -- section` writes it, before the first sub-page exists).
 */
export function isSection(model: Model, id: string): boolean {
  return (
    model.pages.some((p) => p.section === id) ||
    (model.publicPages?.routeFamilies ?? []).some((family) => family.pattern.startsWith(`/${id}/`))
  );
}

/** The ids of the sections, in the model's order. */
export const sectionIds = (model: Model): string[] =>
  model.pages.filter((p) => !p.section && isSection(model, p.id)).map((p) => p.id);
