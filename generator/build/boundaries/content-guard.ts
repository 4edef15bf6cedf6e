// The boundaries guard on the content set: an editor's claim in content/*.yaml or content/pages/*.md is reported
// at its file, line and column, before anything is built.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model, Page, SourcePlace } from '../../model/types.js';
import type { YamlNode, YamlSource } from '../content/yaml-source.js';
import { TextIndex } from '../text/text-index.js';
import { jsonCodeBlocks, markdownUnits, ROW_VALUE_LIMIT, sentences, type TextUnit } from '../text/units.js';
import { SHAPE_FIX, shapeFindings } from './shapes.js';
import { negated, wordingFindings } from './wording.js';
import { methodPathFindings, placeholderEndpointFindings, UNKNOWN_ENDPOINT_FIX } from './contract-endpoints.js';
import { occurrences } from '../text/occurrences.js';
import type { RuleId } from '../messages/rules.js';
import type { KeptVerdicts, VerdictKey } from '../cache/verdicts.js';
import { contentHash } from '../cache/fingerprint.js';
import { keptKeyOf } from '../cache/page-keys.js';
import { fileKeyOf } from '../cache/kept-keys.js';
import { keptYamlKeyOf } from '../cache/kept-yaml.js';
import { countFindings, unpublishedReferenceFindings } from '../text/prose-rules.js';

export interface ContentGuardInput {
  /** Every YAML document of the content set (several top-level facts may share one). */
  sources: YamlSource[];
  pages: Page[];
  /**
   * The last good load's verdicts per page and YAML file (same generator, same model without page bodies): a text found
   * fine is not judged again.
   */
  verdicts?: KeptVerdicts;
}

/** Top-level facts that hold the environments' addresses (content/service.yaml). */
const ADDRESS_KEYS = new Set(['environments']);

/** Preview fixtures are example shapes the preview server plays; they are never published (contract: preview-only). */
const UNPUBLISHED_CONTENT = /(^|\/)content\/preview\//;

export function guardContent(input: ContentGuardInput, model: Model, diagnostics: Diagnostics): void {
  const seen = new Set<string>();
  const verdicts = input.verdicts;
  for (const source of input.sources) {
    if (seen.has(source.file) || UNPUBLISHED_CONTENT.test(source.file)) continue;
    seen.add(source.file);
    // A YAML file read or kept under a key (its name and bytes, the generator and the content schemas) is judged
    // again only when the last good load did not find it fine in the same scope.
    const kept = verdicts && keptYamlKeyOf(source);
    if (kept === undefined) guardYaml(source, model, diagnostics);
    else {
      verdicts!.judge(
        verdicts!.key(source.file, fileKeyOf(kept)),
        () => diagnostics.count,
        () => guardYaml(source, model, diagnostics),
      );
    }
  }
  // The pages the last good load found fine, taken in one call once all are known (thousands, read by no rule).
  const fine: VerdictKey[] = [];
  for (const page of input.pages) {
    if (!verdicts) {
      guardPage(page, model, diagnostics);
      continue;
    }
    // Everything of the page the guard reads, and where it reports: the key the load kept or read the page under
    // stands for all of it (the same file name and bytes make the same page).
    const kept = keptKeyOf(page);
    const hash =
      kept === undefined
        ? contentHash(
            JSON.stringify([page.source, page.title, page.description, page.fieldPlaces, page.bodyLine, page.body]),
          )
        : fileKeyOf(kept);
    const key = verdicts.key(page.source.file, hash);
    if (verdicts.kept(key)) fine.push(key);
    else
      verdicts.judge(
        key,
        () => diagnostics.count,
        () => guardPage(page, model, diagnostics),
      );
  }
  if (fine.length > 0) verdicts!.judgeAllKept(fine);
}

/** The wording rules on every string of a YAML document, each finding at its place. */
function guardYaml(source: YamlSource, model: Model, diagnostics: Diagnostics): void {
  const units = yamlUnits(source);
  const placeOf = (unit: TextUnit, index: number) => units.find((u) => u.unit === unit)!.place(index);
  for (const finding of findingsOf(
    units.map((u) => u.unit),
    model,
  )) {
    report(diagnostics, finding, placeOf(finding.unit, finding.index));
  }
}

/** The wording rules and the shapes of JSON code blocks on one page: its title, description and body. */
function guardPage(page: Page, model: Model, diagnostics: Diagnostics): void {
  const index = new TextIndex(page.body);
  // Front matter values are judged too, reported where their value starts (single-line values: at the words).
  const frontMatter = new Map<TextUnit, SourcePlace | undefined>([
    ...sentences(page.title, 0).map((u): [TextUnit, SourcePlace | undefined] => [u, page.fieldPlaces?.title]),
    ...sentences(page.description, 0).map((u): [TextUnit, SourcePlace | undefined] => [
      u,
      page.fieldPlaces?.description,
    ]),
  ]);
  const units: TextUnit[] = [...frontMatter.keys(), ...markdownUnits(page.body)];
  for (const finding of findingsOf(units, model)) {
    let place: SourcePlace = page.source;
    const field = frontMatter.get(finding.unit);
    if (field) {
      place = { ...field, column: (field.column ?? 1) + finding.unit.offset + finding.index };
    } else if (!frontMatter.has(finding.unit)) {
      const pos = index.position(finding.unit.offset + finding.index);
      place = { file: page.source.file, line: page.bodyLine + pos.line - 1, column: pos.column };
    }
    report(diagnostics, finding, place);
  }
  for (const block of jsonCodeBlocks(page.body)) {
    const pos = index.position(block.offset);
    for (const shape of shapeFindings(block.json, model, { schemaMembers: false })) {
      diagnostics.error('load', {
        ruleId: 'unpublished-shape',
        reason: `A JSON code block: ${shape.reason}`,
        fix: SHAPE_FIX,
        place: { file: page.source.file, line: page.bodyLine + pos.line - 1, column: pos.column },
      });
    }
  }
}

interface Finding {
  ruleId: RuleId;
  unit: TextUnit;
  index: number;
  reason: string;
  fix: string;
}

/** The wording rules and, for placeholder URLs ({api_url}/…), the contract's endpoints. */
function findingsOf(units: TextUnit[], model: Model): Finding[] {
  const endpoints = [
    ...placeholderEndpointFindings(units, model, negated),
    ...methodPathFindings(units, model, sitePaths(model), negated),
  ].map(
    (f): Finding => ({
      ...f,
      ruleId: 'unknown-endpoint',
      fix: UNKNOWN_ENDPOINT_FIX,
    }),
  );
  return [
    ...wordingFindings(units, model),
    ...endpoints,
    ...literalAddresses(units, model),
    ...countFindings(units),
    ...unpublishedReferenceFindings(units),
  ];
}

/**
 * The site's paths as the content names them (before the registry adds what it derives): the discovery resources,
 * the pages and their twins, the static files. Gathered when a guarded text first names a path, not before: after an
 * edit only the page edited is guarded, and most pages name none (20,000 paths at 10,000 pages).
 */
const sitePathSets = new WeakMap<Model, Set<string>>();
function sitePaths(model: Model): (path: string) => boolean {
  let known: Set<string> | undefined;
  return (path) => {
    known ??= sitePathSet(model);
    return known.has(path) || known.has(path.replace(/\/$/, ''));
  };
}

function sitePathSet(model: Model): Set<string> {
  let paths = sitePathSets.get(model);
  if (!paths) {
    paths = new Set([
      ...model.discoveryResources.map((r) => r.path.split('?')[0] || '/'),
      ...model.pages.flatMap((p) => [p.path, p.twinPath]),
      ...model.staticFiles.map((f) => f.path),
    ]);
    sitePathSets.set(model, paths);
  }
  return paths;
}

/** An environment's address written out in content: each build must fill in its own, so content uses placeholders. */
function literalAddresses(units: TextUnit[], model: Model): Finding[] {
  const findings: Finding[] = [];
  const known = Object.entries(model.environments).flatMap(([env, addresses]) =>
    Object.entries(addresses).map(([name, address]) => ({ env, name, address })),
  );
  for (const unit of units) {
    for (const { env, name, address } of known) {
      for (const index of occurrences(unit.text, address)) {
        findings.push({
          ruleId: 'literal-address',
          unit,
          index,
          reason: `${address} is the ${env} ${name} written out, so the ${env === 'production' ? 'preview' : 'production'} build would publish it too.`,
          fix: `Write {${name}} instead; each build fills in its own environment's address (content/service.yaml environments).`,
        });
      }
    }
  }
  return findings;
}

function report(diagnostics: Diagnostics, finding: Finding, place: SourcePlace): void {
  diagnostics.error('load', { ruleId: finding.ruleId, reason: finding.reason, fix: finding.fix, place });
}

interface PlacedUnit {
  unit: TextUnit;
  place(index: number): SourcePlace;
}

/** Every string scalar of a YAML document, qualified (like a JSON object) by its short sibling strings and the keys above it. */
function yamlUnits(source: YamlSource): PlacedUnit[] {
  const out: PlacedUnit[] = [];
  const isText = (node: YamlNode | null): node is YamlNode & { text: string } => node?.text !== undefined;
  const visit = (node: YamlNode | null, keys: string[]) => {
    if (node?.pairs) {
      const siblings = node.pairs.flatMap(([, , value]) =>
        isText(value) && value.text.length <= ROW_VALUE_LIMIT ? [value.text] : [],
      );
      for (const [name, , value, notScalar] of node.pairs) {
        const key = notScalar ? '' : String(name);
        // The addresses themselves are data, not prose: the one place they are written out.
        if (keys.length === 0 && ADDRESS_KEYS.has(key)) continue;
        if (isText(value)) scalarUnits(value, [...siblings.filter((s) => s !== value.text), ...keys, key]);
        else visit(value, [...keys, key]);
      }
    } else if (node?.items) {
      for (const item of node.items) {
        if (isText(item)) scalarUnits(item, keys);
        else visit(item, keys);
      }
    }
  };
  const scalarUnits = (scalar: YamlNode & { text: string }, context: string[]) => {
    const [line, column] = scalar.at;
    // Single-line plain and quoted scalars are written as they read, so a finding can point inside them.
    const shift = scalar.style === 'PLAIN' ? 0 : 1;
    for (const unit of sentences(scalar.text, 0, context)) {
      out.push({
        unit,
        place: (index) => ({
          file: source.file,
          line: line + source.lineOffset,
          column: scalar.inline ? column + shift + unit.offset + index : column,
        }),
      });
    }
  };
  visit(source.root, []);
  return out;
}
