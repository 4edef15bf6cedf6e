// Pages by id, computed once per model: emitters look pages up per entry, which must not be quadratic in large sites.
import type { Model, Page } from '../../model/types.js';

const indexes = new WeakMap<Model, Map<string, Page>>();

export function pageById(model: Model, id: string): Page | undefined {
  let index = indexes.get(model);
  if (!index) {
    index = new Map(model.pages.map((p) => [p.id, p]));
    indexes.set(model, index);
  }
  return index.get(id);
}
