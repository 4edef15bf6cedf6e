// The kind table: one definition for every kind name, each from exactly one family.
import { describe, expect, it } from 'vitest';
import { kinds } from '../../generator/build/kinds.js';
import { cdnKinds } from '../../generator/build/emit/cdn/kinds.js';
import { discoveryKinds } from '../../generator/build/emit/discovery/kinds.js';
import { pagesKinds } from '../../generator/build/emit/guidance/kinds.js';
import { publicPagesKinds } from '../../generator/build/emit/public-pages/kinds.js';
import { DERIVED_KINDS, KIND_NAMES } from '../../generator/model/kinds.js';

describe('the kind table', () => {
  it('defines exactly the kind names', () => {
    expect(Object.keys(kinds).sort()).toEqual([...KIND_NAMES].sort());
  });

  it('takes each kind from one family only (a second definition would silently replace the first)', () => {
    const families = [pagesKinds, discoveryKinds, publicPagesKinds, cdnKinds].flatMap((f) => Object.keys(f));
    expect(new Set(families).size).toBe(families.length);
    expect([...families, 'static'].sort()).toEqual([...KIND_NAMES].sort());
  });

  it('derives the entries of every derived kind but the static files, which come from content/static', () => {
    for (const kind of DERIVED_KINDS) expect(kinds[kind].derive !== undefined, kind).toBe(kind !== 'static');
  });
});
