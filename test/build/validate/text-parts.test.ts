// The checks of llms-full.txt, read part by part: after a build that kept every other part's verdicts, a finding put
// in one guide's part is reported exactly as judging the whole file reports it (the same rule, file, line and
// column), a sentence said in two parts is still found, and a part kept from a build in another scope is judged again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '../../../generator/build/kinds.js';
import { runPipeline, type PipelineResult } from '../../../generator/build/pipeline.js';
import { createEmitContext } from '../../../generator/build/emit/emit-context.js';
import { emitLlmsFull } from '../../../generator/build/emit/guidance/llms-full.js';
import { readingOrder } from '../../../generator/build/emit/guidance/llms-format.js';
import { loadSaidParts, SaidParts } from '../../../generator/build/cache/said-parts.js';
import { Verdicts } from '../../../generator/build/cache/verdicts.js';
import { displayPath } from '../../../generator/build/registry/display-path.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { ArtifactSet, type TreeValidator, type ValidateContext } from '../../../generator/build/registry/types.js';
import { validateArtifacts } from '../../../generator/build/validate/validate-artifacts.js';
import { treeValidators } from '../../../generator/build/validate/tree-validators.js';
import {
  isTextTreeValidator,
  type PartCheck,
  textTreeValidator,
} from '../../../generator/build/validate/text/text-check.js';
import { noRepeatedSentences } from '../../../generator/build/validate/tree/prose.js';
import { openSegments, segmentsOf, segmentVerdict } from '../../../generator/build/validate/text/text-parts.js';
import { fillAddresses } from '../../../generator/build/registry/registry.js';

let base: PipelineResult;
beforeAll(async () => {
  base = await runPipeline({ env: 'production' });
  expect(base.diagnostics.hasErrors).toBe(false);
}, 120_000);

const FILE = 'dist/llms-full.txt';

/**
 * llms-full.txt made in parts, with some guides' Markdown replaced (as if their pages had been edited); from the parts
 * a last build kept, when given (the file is then joined from their bytes).
 */
function made(edits: Map<string, (markdown: string) => string>, parts = new SaidParts('test')) {
  const { model, registry } = base;
  const artifacts = new ArtifactSet();
  for (const artifact of base.artifacts!.values()) artifacts.set(artifact);
  const context = createEmitContext(model!, registry!, new Diagnostics(), artifacts);
  context.saidParts = parts;
  for (const entry of registry!.of('site').filter((e) => e.kind === 'markdown' && e.page)) {
    const twin = String(base.artifacts!.get(entry.host, entry.file)!.body);
    const page = model!.pages.find((p) => p.id === entry.page)!;
    const edit = edits.get(entry.page!);
    context.memo(`pages:rendered:${entry.page}`, () => ({
      page,
      markdown: edit ? edit(twin) : twin,
      html: '',
      parsedBy: 'fast' as const,
    }));
  }
  const entry = registry!.get('/llms-full.txt')!;
  const body = emitLlmsFull(entry, context);
  artifacts.set({ entry, body });
  return { artifacts, parts, body };
}

/** Validates a build's artifacts: llms-full.txt read in parts unless `parted` is false. */
function validated(
  build: ReturnType<typeof made>,
  options: { verdicts?: Verdicts; parted?: boolean; validators?: TreeValidator[] } = {},
): Diagnostics {
  const diagnostics = new Diagnostics();
  validateArtifacts({
    model: base.model!,
    registry: base.registry!,
    kinds,
    artifacts: build.artifacts,
    diagnostics,
    displayPath: (e) => displayPath(e),
    verdicts: options.verdicts,
    parts: options.parted === false ? undefined : build.parts,
    treeValidators: options.validators,
  });
  return diagnostics;
}

/** The checks' messages on llms-full.txt, sorted, as `rule line:column reason`. */
function check(build: ReturnType<typeof made>, options: Parameters<typeof validated>[1] = {}) {
  return validated(build, options)
    .list()
    .filter((m) => m.file === FILE)
    .map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.reason}`)
    .sort();
}

/** The verdicts a good build keeps, read back by the next build in the same scope. */
const kept = (verdicts: Verdicts) => new Verdicts(verdicts.scope, new Map(verdicts.toJSON().files));

function guides(): string[] {
  const { registry } = base;
  return readingOrder(registry!.of('site').filter((e) => e.kind === 'markdown' && e.page)).map((e) => e.page!);
}

describe('the checks of llms-full.txt, part by part', () => {
  it('report a finding put in one part where judging the whole file reports it, every other part kept', () => {
    const { model } = base;
    const url = (address: keyof NonNullable<typeof model>['addresses'], path: string) =>
      `${model!.addresses[address]}${path}`;
    const chain = model!.authentication.discoveryChain.map((s) => fillAddresses(s.url, model!.addresses));
    const findings = [
      '',
      `A relative link: [the errors](/docs/errors-that-moved).`,
      `A link to nothing: [gone](${url('base_url', '/a-page-that-is-not-there')}).`,
      'A placeholder left in: {base_url}/docs.',
      'This follows contract section 5 to the letter.',
      'Use the seller API to list the products of a community.',
      'Then call POST /api/v1/webhooks to register for events.',
      `Call ${url('api_url', '/v1/an-invented-call')} for more.`,
      'The local copy answers at http://localhost:8080/pricing for testing.',
      `The MCP endpoint is ${url('base_url', '/mcp')}, configure your client with it.`,
      `The chain, read backwards: ${[...chain].reverse().join(', then ')}.`,
      '',
    ].join('\n\n');
    const order = guides();
    const target = order[Math.floor(order.length / 2)]!;
    const before = made(new Map());
    const first = new Verdicts('scope');
    expect(check(before, { verdicts: first })).toEqual([]);
    const after = made(new Map([[target, (md) => `${md.trimEnd()}\n${findings}`]]));
    const verdicts = kept(first);
    const partWise = check(after, { verdicts });
    const whole = check(after, { parted: false });
    // Every check found its finding, and the same as the whole file's reading, at the same places.
    for (const rule of [
      'llms-relative-link',
      'llms-unresolved-link',
      'unfilled-placeholder',
      'unpublished-reference',
      'unknown-endpoint',
      'foreign-address',
      'not-an-mcp-endpoint',
      'discovery-chain-mismatch',
      'unresolved-site-url',
    ])
      expect(
        whole.some((m) => m.startsWith(`${rule} `)),
        rule,
      ).toBe(true);
    expect(partWise).toEqual(whole);
    // Only the edited guide's part was read again: every other part's verdicts were kept.
    expect(verdicts.counts.kept).toBeGreaterThan(order.length * 10);
    expect(verdicts.judgedFiles).toContain(FILE);
  });

  it('read a file joined from kept parts’ bytes a part at a time, placing a finding as the whole file does', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'text-parts-'));
    try {
      const order = guides();
      const first = made(new Map());
      const verdicts = new Verdicts('scope');
      expect(check(first, { verdicts })).toEqual([]);
      await first.parts.save(cacheDir);
      // An earlier guide made again with characters of two, three and four bytes: the later parts' bytes and
      // characters no longer line up, and a finding in a later part is placed by its characters.
      const wide = (md: string) => `${md.trimEnd()}\n\nÉté, naïve — 日本語 🙂 and more.\n`;
      const placeholder = (md: string) => `${md.trimEnd()}\n\nA placeholder left in: {base_url}/docs.\n`;
      const edits = new Map([
        [order[1]!, wide],
        [order.at(-2)!, placeholder],
      ]);
      const after = made(edits, await loadSaidParts(cacheDir, 'test'));
      expect(after.body).toBeInstanceOf(Uint8Array);
      // The bytes of the text made without kept parts.
      expect(Buffer.from(after.body).equals(Buffer.from(made(edits).body as string, 'utf8'))).toBe(true);
      // A last character outside ASCII (it could be white space the text's end cuts): the file is made as a text, the same.
      const last = new Map([[order.at(-1)!, (md: string) => `${md.trimEnd()}\n\nLe dernier mot est café\n`]]);
      const endsWide = made(last, await loadSaidParts(cacheDir, 'test')).body;
      expect(endsWide).toBe(made(last).body);
      const partWise = check(after, { verdicts: kept(verdicts) });
      expect(partWise.filter((m) => m.startsWith('unfilled-placeholder '))).toHaveLength(1);
      expect(partWise).toEqual(check(after, { parted: false }));
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  /**
   * A code line (the file says each sentence of prose once, a code block as it is: say-once.ts) shown by the guide
   * `before` alone in a first build, then by `before` and `now` too: the repeat is found part by part, the first
   * build's parts kept, exactly as judging the whole file finds it.
   */
  function repeatedAfterEdit(before: string, now: string) {
    const line = 'curl -s the same long command line that two guides both happen to show';
    const code = (md: string) => `${md.trimEnd()}\n\n\`\`\`sh\n${line}\n\`\`\`\n`;
    const first = new Verdicts('scope');
    expect(check(made(new Map([[before, code]])), { verdicts: first })).toEqual([]);
    const after = made(
      new Map([
        [before, code],
        [now, code],
      ]),
    );
    const partWise = check(after, { verdicts: kept(first) });
    expect(partWise.filter((m) => m.startsWith('repeated-sentence '))).toHaveLength(1);
    expect(partWise).toEqual(check(after, { parted: false }));
  }

  it('find a sentence said again in another part, where judging the whole file finds it', () => {
    repeatedAfterEdit(guides()[1]!, guides().at(-2)!);
  });

  it('find a sentence of a kept part said first in a part made since, where judging the whole file finds it', () => {
    // The earlier guide now shows it too: the repeat is in the later guide's kept part, naming the new line.
    repeatedAfterEdit(guides().at(-2)!, guides()[1]!);
  });

  it('judge again a part kept from a build in another scope', () => {
    const build = made(new Map());
    const first = new Verdicts('scope');
    check(build, { verdicts: first });
    const sameScope = kept(first);
    check(build, { verdicts: sameScope });
    expect(sameScope.counts.judged).toBeLessThan(sameScope.counts.kept / 10);
    // The verdicts of another scope are not read (as loadVerdicts gives none): every part is judged.
    const otherScope = new Verdicts('another scope');
    check(build, { verdicts: otherScope });
    expect(otherScope.counts.kept).toBe(0);
    expect(otherScope.counts.judged).toBeGreaterThan(guides().length);
  });

  it('fail the build at a check declared part-wise that reads the whole text', () => {
    // A part-wise check is given a view of the parts not kept, which has no text: reading it whole fails at once.
    const wholeReader = textTreeValidator('readsTheWholeText', () => (item) => void item.text!.length, {
      partWise: true,
    });
    // The repeated-sentence check reads across parts: declared part-wise, it fails instead of missing a repeat.
    const repeated = textTreeValidator('repeatedSentencesPartWise', noRepeatedSentences.textCheck as PartCheck, {
      partWise: true,
    });
    expect(noRepeatedSentences.partWise).toBe(false);
    for (const validator of [wholeReader, repeated]) {
      const diagnostics = validated(made(new Map()), { verdicts: new Verdicts('scope'), validators: [validator] });
      expect(diagnostics.list().map((m) => m.ruleId)).toContain('validator-crash');
    }
    expect(treeValidators.filter((v) => isTextTreeValidator(v) && v.partWise).length).toBeGreaterThan(8);
  });

  it('give the checks that read parts alone the parts whose verdicts are not kept, each kept part counted once', () => {
    const first = new Verdicts('scope');
    expect(check(made(new Map()), { verdicts: first })).toEqual([]);
    const target = guides()[2]!;
    const edited = made(new Map([[target, (md) => `${md.trimEnd()}\n\nOne more sentence of this guide.\n`]]));
    const artifact = edited.artifacts.get('site', 'llms-full.txt')!;
    const context = { parts: edited.parts } as unknown as ValidateContext;
    const segments = segmentsOf(context, artifact, 'markdown')!;
    expect(segments.length).toBeGreaterThan(guides().length / 2);
    const verdicts = kept(first);
    const open = openSegments(verdicts, FILE, segments);
    // The edited guide's part alone, in its segment, under the key every check judges it by.
    const title = base.model!.pages.find((p) => p.id === target)!.title;
    expect(
      open.map(({ segment }) => segment.text.includes(title) && segment.text.includes('One more sentence')),
    ).toEqual([true]);
    expect(open[0]!.key).toBe(segmentVerdict(verdicts, FILE, open[0]!.segment).key);
    expect(verdicts.kept(open[0]!.key)).toBe(false);
    // Asked again (the next check), the same answer, and no kept part counted twice.
    expect(verdicts.counts.kept).toBe(segments.length - 1);
    expect(openSegments(verdicts, FILE, segments)).toBe(open);
    expect(verdicts.counts.kept).toBe(segments.length - 1);
    // Other verdicts (another scope: none kept) are asked afresh: every part is open.
    expect(openSegments(new Verdicts('another scope'), FILE, segments)).toHaveLength(segments.length);
  });
});
