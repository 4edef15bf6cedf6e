// Content negotiation for pages with a Markdown twin: does the client prefer text/markdown over text/html?

interface Range {
  type: string;
  q: number;
}

function parseAccept(accept: string): Range[] {
  return accept.split(',').flatMap((part) => {
    const [type, ...params] = part.trim().split(';');
    if (!type) return [];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ type: type.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 }];
  });
}

function qualityOf(ranges: Range[], type: string): number {
  const [major] = type.split('/');
  // The most specific range wins (RFC 9110 section 12.5.1).
  const exact = ranges.find((r) => r.type === type);
  if (exact) return exact.q;
  const family = ranges.find((r) => r.type === `${major}/*`);
  if (family) return family.q;
  return ranges.find((r) => r.type === '*/*')?.q ?? 0;
}

/** True only when text/markdown is named explicitly and ranks strictly above text/html. */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  if (!ranges.some((r) => r.type === 'text/markdown' && r.q > 0)) return false;
  return qualityOf(ranges, 'text/markdown') > qualityOf(ranges, 'text/html');
}
