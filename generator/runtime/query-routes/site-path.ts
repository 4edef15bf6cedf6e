// Checks the `path` query parameter of the page-context route: only a plain site path may reach the matcher.

/** Longest site path accepted; real page paths are far shorter, and a bound keeps hostile input cheap. */
export const MAX_SITE_PATH_LENGTH = 1024;

export type SitePathCheck = { ok: true; path: string } | { ok: false; problem: string };

/**
 * Turns the raw parameter into a normalised site path, or says why it is not one.
 * Percent-encoding is decoded once and the result checked again, so `%2e%2e` is refused like `..`.
 * A query or fragment is dropped (the context is the page's, whatever its query); a trailing slash is dropped.
 */
export function checkSitePath(raw: string | null | undefined): SitePathCheck {
  if (raw === null || raw === undefined) return { ok: false, problem: 'The `path` query parameter is missing.' };
  if (raw.length === 0) return { ok: false, problem: 'The `path` query parameter is empty.' };
  if (raw.length > MAX_SITE_PATH_LENGTH) {
    return { ok: false, problem: `The path is longer than ${MAX_SITE_PATH_LENGTH} characters.` };
  }
  let path = raw.replace(/[?#].*$/s, '');
  const first = refuse(path);
  if (first) return { ok: false, problem: first };
  try {
    path = decodeURIComponent(path);
  } catch {
    return { ok: false, problem: 'The path has a malformed percent-encoding.' };
  }
  const second = refuse(path);
  if (second) return { ok: false, problem: second };
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { ok: true, path };
}

function refuse(path: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'The path contains control characters.';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return 'The path is an absolute URL; give a site path such as /pricing.';
  if (!path.startsWith('/')) return 'The path does not start with "/"; give a site path such as /pricing.';
  if (path.includes('\\')) return 'The path contains a backslash.';
  if (path.includes('//')) return 'The path contains "//".';
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) {
    return 'The path contains a "." or ".." segment.';
  }
  if (path.length > MAX_SITE_PATH_LENGTH) return `The path is longer than ${MAX_SITE_PATH_LENGTH} characters.`;
  return undefined;
}
