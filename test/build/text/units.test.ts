// The guard's reading of text: negation markers, the boundary terms, and the units a mention is judged in.
import { describe, expect, it } from 'vitest';
import { hasNegation } from '../../../generator/build/boundaries/negation.js';
import { findTerms } from '../../../generator/build/boundaries/terms.js';
import { htmlUnits, jsonCodeBlocks, jsonUnits, markdownUnits, sentences } from '../../../generator/build/text/units.js';
import type { Boundaries } from '../../../generator/model/types.js';

const boundaries = {
  unpublishedInterfaces: [
    { id: 'seller-api', name: 'Seller API', terms: ['seller api'] },
    { id: 'admin-api', name: 'Admin API', terms: ['admin api'] },
    { id: 'self-serve-api-key', name: 'Self-serve API key flow', terms: ['api key', 'self-serve api key'] },
  ],
} as unknown as Boundaries;

describe('negation markers', () => {
  it.each([
    ['The public contract does not provide it.', true],
    ["It isn't published.", true],
    ['No contract is published.', true],
    ['unavailable', true],
    ['notProvided', true],
    ['unpublished_interfaces', true],
    ['Notably, the seller API is open.', false],
    ['Another API is available.', false],
  ])('%s → %s', (text, expected) => {
    expect(hasNegation(text)).toBe(expected);
  });
});

describe('boundary terms', () => {
  it('finds plural, hyphenated and coordinated forms', () => {
    expect(findTerms('Two seller APIs exist.', boundaries).map((t) => t.interfaceId)).toEqual(['seller-api']);
    expect(findTerms('Get an API-key here.', boundaries).map((t) => t.interfaceId)).toEqual(['self-serve-api-key']);
    expect(
      findTerms('The seller, creator or admin API', boundaries)
        .map((t) => t.interfaceId)
        .sort(),
    ).toEqual(['admin-api', 'seller-api']);
  });

  it('does not join words across a clause', () => {
    expect(findTerms('A seller uses the pricing API.', boundaries)).toEqual([]);
  });
});

describe('units', () => {
  it('splits sentences but not at "e.g."', () => {
    expect(sentences('It does not publish e.g. a seller API. Next one.', 0).map((u) => u.text)).toEqual([
      'It does not publish e.g. a seller API.',
      'Next one.',
    ]);
  });

  it('ends a unit at a semicolon, so one clause cannot lend its negation to another', () => {
    expect(sentences('Use the seller API; no approval needed.', 0).map((u) => u.text)).toEqual([
      'Use the seller API;',
      'no approval needed.',
    ]);
  });

  it('gives list items their lead-in, table rows their header, headings the paragraph after them', () => {
    const md =
      '## API keys\n\nNone is offered.\n\nNot provided:\n\n- Seller API\n\n| Name | Status |\n| --- | --- |\n| Admin API | unpublished |\n';
    const units = markdownUnits(md);
    const find = (text: string) => units.find((u) => u.text.includes(text))!;
    expect(find('## API keys').context).toContain('None is offered.');
    expect(find('Seller API').context).toContain('Not provided:');
    expect(find('Admin API').context.some((c) => c.includes('Status'))).toBe(true);
    expect(md.slice(find('Seller API').offset).startsWith('Seller API')).toBe(true);
  });

  it('gives a nested list item its parent item, and reads code lines one by one', () => {
    const md = 'Intro.\n\n- Not offered:\n  - Seller API\n- Pricing call\n\n```text\nline one\nline two\n```\n\nAfter.';
    const units = markdownUnits(md);
    const find = (text: string) => units.find((u) => u.text === text)!;
    expect(find('Seller API').context).toContain('Not offered:');
    expect(find('Pricing call').context).not.toContain('Not offered:');
    expect(find('line one')).toBeDefined();
    expect(find('line two')).toBeDefined();
    expect(md.slice(find('After.').offset)).toBe('After.');
  });

  it('finds JSON code blocks with the offset of their fence', () => {
    const md = 'Text.\n\n```json\n{"a": 1}\n```\n\n```json\nnot json\n```\n';
    expect(jsonCodeBlocks(md)).toEqual([{ json: { a: 1 }, offset: md.indexOf('```json') }]);
  });

  it('reads an HTML table row as one unit with its offset in the file', () => {
    const html = '<table><tr><td>Seller API</td><td>not provided</td></tr></table>';
    const [row] = htmlUnits(html);
    expect(row!.text).toMatch(/^Seller API\s+not provided$/);
    expect(html.slice(row!.offset).startsWith('Seller API')).toBe(true);
  });

  it('qualifies a JSON value by its sibling values and the keys above it', () => {
    const doc = { notProvided: ['Seller API'], row: { name: 'Admin API', status: 'unpublished' } };
    const text = JSON.stringify(doc);
    const units = jsonUnits(doc, text);
    expect(units.find((u) => u.text === 'Seller API')!.context).toContain('notProvided');
    expect(units.find((u) => u.text === 'Admin API')!.context).toContain('unpublished');
    expect(text.slice(units.find((u) => u.text === 'Admin API')!.offset).startsWith('Admin API')).toBe(true);
  });
});
