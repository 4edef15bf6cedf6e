// Tree check: an alias (content/discovery-resources.yaml `aliasOf`) repeats its target's bytes exactly.
import type { TreeValidator } from '../../registry/types.js';
import { TextIndex } from '../../text/text-index.js';

const bytesOf = (body: string | Uint8Array) => (typeof body === 'string' ? new TextEncoder().encode(body) : body);

export const aliasesIdentical: TreeValidator = (context) => {
  for (const entry of context.registry.entries) {
    if (!entry.aliasOf) continue;
    const alias = context.artifacts.get(entry.host, entry.file);
    const target = context.artifacts.byPath(entry.aliasOf, entry.host);
    if (!alias || !target) continue; // a missing file is reported as missing-artifact
    const a = bytesOf(alias.body);
    const b = bytesOf(target.body);
    let at = 0;
    while (at < a.length && at < b.length && a[at] === b[at]) at++;
    if (at === a.length && at === b.length) continue;
    const text = context.artifacts.text(alias);
    const pos = new TextIndex(text).position(new TextDecoder().decode(a.slice(0, at)).length);
    context.diagnostics.error('validate', {
      ruleId: 'alias-differs',
      reason: `${context.displayPath(entry)} is an alias of ${context.displayPath(target.entry)} but its bytes differ from byte ${at} on (${a.length} bytes against ${b.length}).`,
      fix: 'An alias is a copy made by the build: rebuild instead of editing files in the built tree, and edit the content the target is built from.',
      place: { file: context.displayPath(entry), ...pos },
    });
  }
};
