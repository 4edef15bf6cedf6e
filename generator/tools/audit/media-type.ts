// Media types compared the way HTTP defines them: type and parameter names case-insensitive, spaces around ";" ignored.

export function normalizeMediaType(value: string | null): string {
  if (!value) return '';
  return value
    .split(';')
    .map((part, i) => {
      const trimmed = part.trim();
      if (i === 0) return trimmed.toLowerCase();
      const eq = trimmed.indexOf('=');
      if (eq < 0) return trimmed.toLowerCase();
      const name = trimmed.slice(0, eq).trim().toLowerCase();
      let v = trimmed.slice(eq + 1).trim();
      if (name === 'charset') v = v.replace(/^"|"$/g, '').toLowerCase();
      return `${name}=${v}`;
    })
    .filter((p) => p !== '')
    .join('; ');
}

/** The type/subtype alone. */
export function essence(value: string | null): string {
  return normalizeMediaType(value).split(';')[0]!;
}
