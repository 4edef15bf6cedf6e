// Guard: no artifact links an endpoint the contract does not publish on the pricing API, MCP or authorization host
// (the site's own paths are checked by unresolved-site-url).
import { textTreeValidator } from '../text/text-check.js';
import { unitAt, unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { urlsOfChunk } from '../text/artifact-urls.js';
import { RUN_MEMO_LIMIT, TextMemo } from '../../text/memo.js';
import { isTemplate, pathOn, splitPath } from '../../text/urls.js';
import { negated } from '../../boundaries/wording.js';
import {
  contractEndpoints,
  describePaths,
  UNKNOWN_ENDPOINT_FIX,
  type HostEndpoints,
} from '../../boundaries/contract-endpoints.js';

interface Candidate {
  url: string;
  offset: number;
  hosts: HostEndpoints[];
  negated: boolean;
}
// Per stretch of text (one check run, so one model and registry).
const candidates = new WeakMap<UnitChunk, Candidate[]>();

export const onlyContractEndpoints = textTreeValidator(
  'onlyContractEndpoints',
  (context) => {
    const { model, registry } = context;
    const hosts = contractEndpoints(model, registry);
    const legacy = new Set(model.mcpServer.legacyPaths.examples);
    // For this run: the hosts on which a URL is not a contract endpoint depend only on the URL.
    const memo = new TextMemo<HostEndpoints[]>(RUN_MEMO_LIMIT);
    const unknownOn = (url: string) =>
      hosts.filter((endpoints) => {
        const origin = model.addresses[endpoints.address];
        if (origin === model.addresses.base_url) return false;
        const on = pathOn(url, origin);
        if (on === undefined) return false;
        const { path } = splitPath(on);
        return !endpoints.paths.has(path) && !legacy.has(path); // legacy paths: not-an-mcp-endpoint says more
      });
    /** A stretch's URLs that are no endpoint on some host, with whether their unit says so; once per stretch. */
    const candidatesOf = (chunk: UnitChunk): Candidate[] => {
      let found = candidates.get(chunk);
      if (found) return found;
      found = [];
      for (const url of urlsOfChunk(chunk)) {
        if (isTemplate(url.url)) continue;
        const on = memo.get(url.url, unknownOn);
        if (on.length === 0) continue;
        const unit = unitAt(chunk.units, url.offset);
        found.push({ url: url.url, offset: url.offset, hosts: on, negated: unit !== undefined && negated(unit) });
      }
      candidates.set(chunk, found);
      return found;
    };
    return (item) => {
      const reported = new Set<string>();
      for (const { offset, chunk } of unitChunksOfArtifact(item)) {
        for (const found of candidatesOf(chunk)) {
          if (reported.has(found.url)) continue;
          for (const endpoints of found.hosts) {
            // A host's own documents describe it (the preview authorization server lists its endpoints in its metadata).
            if (item.entry.host === endpoints.host) continue;
            if (found.negated) continue;
            reported.add(found.url);
            context.diagnostics.error('validate', {
              ruleId: 'unknown-endpoint',
              reason: `${found.url} is not an endpoint of the contract: on {${endpoints.address}} it publishes only ${describePaths(endpoints)}.`,
              fix: UNKNOWN_ENDPOINT_FIX,
              place: item.place(offset + found.offset),
            });
          }
        }
      }
    };
  },
  { partWise: true },
);
