// Cross-checks of the preview fixtures that a JSON Schema cannot express: every reference names a record that exists.
import type { Preview } from '../../model/preview.js';

/** Problems in words, each naming the record and field (content/preview/fixtures.yaml); empty when consistent. */
export function fixtureProblems(preview: Preview): string[] {
  const { fixtures, server } = preview;
  const problems: string[] = [];
  const ids = (items: { id: string }[]) => new Set(items.map((i) => i.id));
  const users = ids(fixtures.users);
  const communities = ids(fixtures.communities);
  const products = ids(fixtures.products);
  for (const [name, items] of Object.entries(fixtures) as [string, { id: string }[]][]) {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.id)) problems.push(`${name}: the id "${item.id}" is used twice`);
      seen.add(item.id);
    }
  }
  if (!users.has(server.defaultUser)) problems.push(`previewServer.defaultUser "${server.defaultUser}" is not a user`);
  for (const c of fixtures.communities) {
    for (const u of c.managedBy)
      if (!users.has(u)) problems.push(`communities ${c.id}: managedBy names the unknown user "${u}"`);
  }
  for (const m of fixtures.members) {
    if (!communities.has(m.communityId)) problems.push(`members ${m.id}: unknown communityId "${m.communityId}"`);
  }
  for (const p of fixtures.products) {
    if (!communities.has(p.communityId)) problems.push(`products ${p.id}: unknown communityId "${p.communityId}"`);
  }
  for (const o of fixtures.orders) {
    if (!products.has(o.productId)) problems.push(`orders ${o.id}: unknown productId "${o.productId}"`);
  }
  return problems;
}
