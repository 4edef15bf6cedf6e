// Tree check: a build names only its own environment's addresses: no localhost in production, no production host in preview.
import type { Addresses, EnvironmentName } from '../../../model/types.js';
import { textTreeValidator } from '../text/text-check.js';
import { unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { occurrences } from '../../text/occurrences.js';

/** Loopback URLs, which no production artifact may carry whatever the content's preview addresses are. */
const LOOPBACK = /https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?![\w.-])/g;
/** How many places a file's message lists before it counts the rest. */
const MAX_LISTED = 3;

interface Foreign {
  address: string;
  label: string;
}

function foreignAddresses(env: EnvironmentName, environments: Record<EnvironmentName, Addresses>): Foreign[] {
  const own = new Set(Object.values(environments[env]));
  const out: Foreign[] = [];
  for (const [name, addresses] of Object.entries(environments) as [EnvironmentName, Addresses][]) {
    if (name === env) continue;
    for (const [key, address] of Object.entries(addresses)) {
      if (!own.has(address)) out.push({ address, label: `the ${name} ${key}` });
    }
  }
  return out;
}

/** Whether an address occurs as a whole origin at all (the first occurrence settles it). */
export function occursIn(text: string, address: string): boolean {
  for (let at = text.indexOf(address); at >= 0; at = text.indexOf(address, at + 1)) {
    if (!/[\w.:-]/.test(text.charAt(at + address.length))) return true;
  }
  return false;
}

interface Hit {
  offset: number;
  address: string;
  label: string;
}
// Per stretch of text (one check run, so one model): its foreign addresses, in order. An address never crosses a cut
// (a cut is a "<"), so a stretch's hits are the artifact's hits there.
const hitsByChunk = new WeakMap<UnitChunk, Hit[]>();

export const ownEnvironmentAddresses = textTreeValidator(
  'ownEnvironmentAddresses',
  (context) => {
    const { env, environments } = context.model;
    const foreign = foreignAddresses(env, environments);
    const hitsIn = (chunk: UnitChunk): Hit[] => {
      let hits = hitsByChunk.get(chunk);
      if (hits) return hits;
      hits = [];
      for (const f of foreign) for (const offset of occurrences(chunk.text, f.address)) hits.push({ offset, ...f });
      if (env === 'production') {
        for (const m of chunk.text.matchAll(LOOPBACK)) {
          if (!hits.some((h) => h.offset === m.index))
            hits.push({ offset: m.index, address: m[0], label: 'a loopback address' });
        }
      }
      hits.sort((a, b) => a.offset - b.offset);
      hitsByChunk.set(chunk, hits);
      return hits;
    };
    // An address with a "<" in it (the content's schema allows one) could cross a cut: then each text is read whole.
    const cutSafe = foreign.every((f) => !f.address.includes('<'));
    return (item) => {
      // A view of some parts is read part by part: an address holds no line break, and parts are lines of their own.
      const chunks =
        cutSafe || item.text === undefined
          ? unitChunksOfArtifact(item)
          : [{ offset: 0, chunk: { text: item.text, units: [] } }];
      const hits: Hit[] = [];
      for (const { offset, chunk } of chunks)
        for (const h of hitsIn(chunk)) hits.push(offset === 0 ? h : { ...h, offset: h.offset + offset });
      hits.slice(0, MAX_LISTED).forEach((hit, i) => {
        const more =
          i === MAX_LISTED - 1 && hits.length > MAX_LISTED ? ` (${hits.length - MAX_LISTED} more in this file)` : '';
        context.diagnostics.error('validate', {
          ruleId: 'foreign-address',
          reason: `${hit.address} is ${hit.label}, but this is the ${env} build${more}.`,
          fix: `Write addresses as placeholders ({base_url}, {api_url}, {mcp_url}, {auth_url}) so that each build fills in its own environment's, and never copy files between the ${Object.keys(environments).join(' and ')} builds.`,
          place: item.place(hit.offset),
        });
      });
    };
  },
  { partWise: true },
);
