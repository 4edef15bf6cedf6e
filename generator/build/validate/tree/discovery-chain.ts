// Tree check: wherever the OAuth discovery chain is listed, its steps come in the contract's order (section 5).
import { fillAddresses } from '../../registry/registry.js';
import type { TextView } from '../text/artifact-text.js';
import { textTreeValidator } from '../text/text-check.js';
import { partTexts, unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { pointer, walkJson } from '../../text/json-walk.js';
import { occurrences } from '../../text/occurrences.js';
import { occursIn } from './environment-addresses.js';

// Per stretch of text (one check run, so one model): the steps of the chain it names.
const namedSteps = new WeakMap<UnitChunk, number[]>();

export const discoveryChainInOrder = textTreeValidator(
  'discoveryChainInOrder',
  (context) => {
    const { model } = context;
    const chain = model.authentication.discoveryChain.map((s) => fillAddresses(s.url, model.addresses));
    const order = chain.map((_, i) => i + 1).join(' → ');
    const fix = `List the chain as content/authentication.yaml discoveryChain does: ${chain.join(', then ')}.`;
    // The step a value names: the earliest step of the chain among the strings in it (-1 for none). Each object's is
    // found once, however many arrays above it ask.
    const lowest = new Map<string, number>();
    chain.forEach((url, step) => {
      if (!lowest.has(url)) lowest.set(url, step);
    });
    const known = new WeakMap<object, number>();
    const stepOf = (value: unknown): number => {
      if (typeof value === 'string') return lowest.get(value) ?? -1;
      if (!value || typeof value !== 'object') return -1;
      let step = known.get(value);
      if (step === undefined) {
        step = -1;
        for (const child of Array.isArray(value) ? value : Object.values(value)) {
          const s = stepOf(child);
          if (s >= 0 && (step < 0 || s < step)) step = s;
        }
        known.set(value, step);
      }
      return step;
    };
    const stepUrls = new Set(chain);
    // How many steps a text names, summed over its stretches (each read once per run); a step never crosses a cut (a
    // cut is a "<") unless its URL holds one.
    const cutSafe = chain.every((url) => !url.includes('<'));
    const stepsIn = (chunk: UnitChunk): number[] => {
      let steps = namedSteps.get(chunk);
      if (!steps) {
        steps = chain.flatMap((url, step) => (occursIn(chunk.text, url) ? [step] : []));
        namedSteps.set(chunk, steps);
      }
      return steps;
    };
    const stepsNamed = (item: TextView) => {
      if (!cutSafe && item.text !== undefined) return chain.filter((url) => occursIn(item.text!, url)).length;
      const named = new Set<number>();
      for (const { chunk } of unitChunksOfArtifact(item)) for (const step of stepsIn(chunk)) named.add(step);
      return named.size;
    };
    return (item) => {
      const whole = item.text;
      if (item.json !== undefined && whole !== undefined) {
        // Only an array holding a step of the chain can list it: most documents hold none. Without an escape in the
        // text, a step it holds is written out in it.
        if (!whole.includes('\\') && !chain.some((url) => whole.includes(url))) return;
        let holdsStep = false;
        walkJson(item.json, (value) => {
          if (typeof value === 'string' && stepUrls.has(value)) holdsStep = true;
        });
        if (!holdsStep) return;
        walkJson(item.json, (value, path) => {
          if (!Array.isArray(value)) return;
          const steps = value.map(stepOf).filter((s) => s >= 0);
          if (steps.length < 2) return;
          if (steps.length === chain.length && steps.every((s, i) => s === i)) return;
          context.diagnostics.error('validate', {
            ruleId: 'discovery-chain-mismatch',
            reason: `\`${pointer(path)}\` lists the discovery chain as steps ${steps.map((s) => s + 1).join(' → ')}, but the contract's chain is ${order}, all of them, in that order.`,
            fix,
            place: item.place(item.offsetAt(path, true)),
          });
        });
        return;
      }
      // A block's steps are steps of the whole text too: a text that names fewer than two has no block out of order.
      if (stepsNamed(item) < 2) return;
      // In prose the chain is a list or a paragraph: a block between blank lines (or HTML block ends).
      const separator = item.format === 'html' ? /\n\s*\n|<\/(?:ol|ul|p|table)>/g : /\n\s*\n/g;
      // Of a view of some parts, each part's blocks: parts are separated by blank lines, as blocks are.
      const texts = whole !== undefined ? [{ offset: 0, text: whole }] : partTexts(item);
      const blocks = texts.flatMap(({ offset, text }) =>
        blocksOf(text, separator).map((block) => ({ text: block.text, offset: block.offset + offset })),
      );
      for (const block of blocks) {
        const firsts = chain
          .map((url, step) => ({ step, at: occurrences(block.text, url)[0] }))
          .filter((x): x is { step: number; at: number } => x.at !== undefined)
          .sort((a, b) => a.at - b.at);
        const backwards = firsts.findIndex((x, i) => i > 0 && x.step < firsts[i - 1]!.step);
        if (backwards > 0) {
          const late = firsts[backwards]!;
          context.diagnostics.error('validate', {
            ruleId: 'discovery-chain-mismatch',
            reason: `Step ${late.step + 1} of the discovery chain (${chain[late.step]}) comes after step ${firsts[backwards - 1]!.step + 1} here; the contract's order is ${order}.`,
            fix,
            place: item.place(block.offset + late.at),
          });
        }
      }
    };
  },
  { partWise: true },
);

function blocksOf(text: string, separator: RegExp): { text: string; offset: number }[] {
  const blocks: { text: string; offset: number }[] = [];
  let start = 0;
  for (const m of text.matchAll(separator)) {
    blocks.push({ text: text.slice(start, m.index), offset: start });
    start = m.index + m[0].length;
  }
  blocks.push({ text: text.slice(start), offset: start });
  return blocks;
}
