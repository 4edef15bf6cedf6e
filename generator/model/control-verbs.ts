// The verbs a control's name or title starts its action with. The contract's controls only read; a control named or
// titled with a verb that changes something is a write tool, whatever its `readOnly` says, and a snake-case name with
// either kind of verb in prose reads as a tool (wording.ts).

/** Verbs that read: the contract's controls are named with these (list_members, get_physical_product_order). */
export const READ_VERBS = ['list', 'get', 'search', 'find', 'fetch', 'query'] as const;

/** Verbs that change something: no control of the public contract may take one. */
export const WRITE_VERBS = [
  'create',
  'update',
  'delete',
  'add',
  'remove',
  'set',
  'put',
  'post',
  'patch',
  'cancel',
  'refund',
  'register',
  'write',
  'send',
  'upsert',
  'edit',
  'issue',
  'charge',
  'subscribe',
  'pay',
  'purchase',
  'buy',
  'sell',
  'transfer',
  'publish',
  'archive',
  'invite',
  'approve',
  'reject',
  'grant',
  'revoke',
  'upload',
  'import',
  'rename',
  'reset',
  'submit',
  'assign',
  'modify',
  'change',
  'insert',
  'save',
  'ban',
] as const;

const WRITING = new Set<string>(WRITE_VERBS);

/**
 * The verb that makes a control a write, if any: one part of its snake-case name, or the first word of its title
 * ("Refund an order").
 */
export function writeVerbOf(control: {
  name: string;
  title: string;
}): { verb: string; field: 'name' | 'title' } | undefined {
  const inName = control.name
    .toLowerCase()
    .split(/[_-]/)
    .find((part) => WRITING.has(part));
  if (inName) return { verb: inName, field: 'name' };
  const first = /^[A-Za-z]+/.exec(control.title.trim())?.[0].toLowerCase();
  return first && WRITING.has(first) ? { verb: first, field: 'title' } : undefined;
}
