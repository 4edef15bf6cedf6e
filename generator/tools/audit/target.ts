// Which addresses a verified deployment has: an environment of the content when the base_url is one, else overrides.
import type { Addresses, AddressName, EnvironmentName, Model } from '../../model/types.js';

export interface Target {
  env: EnvironmentName;
  addresses: Addresses;
  /** Addresses that differ from the environment's (given on the command line). */
  overridden: AddressName[];
}

export class TargetError extends Error {}

/**
 * A base_url equal to an environment's selects it (its other addresses included). Any other base_url is built as
 * `env` when given, else as preview on a loopback host (the preview server on other ports) and as production
 * elsewhere; the hosts not given default to that environment's addresses.
 */
export function resolveTarget(
  environments: Model['environments'],
  given: Partial<Addresses> & { base_url: string },
  forced?: EnvironmentName,
): Target {
  const clean = Object.fromEntries(
    Object.entries(given)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, normalizeOrigin(k as AddressName, v as string)]),
  ) as Partial<Addresses> & { base_url: string };
  const env =
    forced ??
    (Object.keys(environments) as EnvironmentName[]).find((e) => environments[e].base_url === clean.base_url) ??
    (isLoopback(clean.base_url) ? 'preview' : 'production');
  const addresses = { ...environments[env], ...clean };
  const overridden = (Object.keys(addresses) as AddressName[]).filter((k) => addresses[k] !== environments[env][k]);
  return { env, addresses, overridden };
}

function normalizeOrigin(name: AddressName, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TargetError(`The ${name} "${value}" is not an absolute URL (e.g. http://localhost:4100).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TargetError(`The ${name} "${value}" must be http or https.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}
