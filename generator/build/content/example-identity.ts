// Whether the production identity is still the example the project ships with: reserved example domains (RFC 2606,
// RFC 6761), the example names and the example notice. A build of it succeeds (a new clone builds as it is); the
// deploy-readiness check (`npm run ready`) refuses it.
import type { Model } from '../../model/types.js';
import { noteRaised } from '../messages/raised-rules.js';

/** The example identity content/service.yaml ships with: the generator's own example, never a real service. */
export const EXAMPLE_IDENTITY = {
  name: 'Example Platform',
  legalName: 'Example Platform, Inc. (example)',
  notice: 'Example identity used by this site generator',
} as const;

/** Hosts reserved for examples and tests: example.com/.net/.org and their subdomains, and the reserved top-level names. */
const RESERVED_HOST = /(^|\.)example\.(com|net|org)$|\.(example|test|invalid|localhost)$|^localhost$/i;

export interface ExampleFinding {
  /** The content file and the value, as an editor finds it ("content/service.yaml environments.production.base_url"). */
  where: string;
  value: string;
  why: string;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** Everything in the production identity that is still the example; empty when it has been filled in. */
export function exampleIdentityFindings(model: Model): ExampleFinding[] {
  const findings: ExampleFinding[] = [];
  const reserved = (where: string, url: string) => {
    const host = hostOf(url);
    if (host && RESERVED_HOST.test(host))
      findings.push({
        where,
        value: url,
        why: `${host} is reserved for examples (RFC 2606); no real service is there`,
      });
  };
  for (const [name, url] of Object.entries(model.environments.production))
    reserved(`content/service.yaml environments.production.${name}`, url);
  for (const [i, url] of model.identity.sameAs.entries()) reserved(`content/service.yaml identity.sameAs[${i}]`, url);
  if (model.identity.name === EXAMPLE_IDENTITY.name)
    findings.push({ where: 'content/service.yaml identity.name', value: model.identity.name, why: 'the example name' });
  if (model.identity.legalName === EXAMPLE_IDENTITY.legalName || /\(example\)/i.test(model.identity.legalName))
    findings.push({
      where: 'content/service.yaml identity.legalName',
      value: model.identity.legalName,
      why: 'the example legal name',
    });
  if (model.identity.disambiguatingDescription.includes(EXAMPLE_IDENTITY.notice))
    findings.push({
      where: 'content/service.yaml identity.disambiguatingDescription',
      value: model.identity.disambiguatingDescription.replace(/\s+/g, ' ').trim(),
      why: 'the example notice',
    });
  const namespace = model.publication.mcpServerCard.name.split('/')[0]!;
  if (/^(com|net|org)\.example(\.|$)/i.test(namespace))
    findings.push({
      where: 'content/publication.yaml publication.mcpServerCard.name',
      value: model.publication.mcpServerCard.name,
      why: 'a server name in the namespace of example.com, a reserved example domain',
    });
  return findings;
}

/** The lines every build ends with while the identity is the example, and the readiness check refuses it with. */
export function exampleIdentityReport(findings: ExampleFinding[]): string {
  // Reported as a notice or a refusal, not as a message: the test suite's rule coverage is told here.
  noteRaised('example-identity');
  return [
    `The production identity is still the example (${findings.length} value${findings.length === 1 ? '' : 's'}):`,
    ...findings.map((f) => `  ${f.where}: ${JSON.stringify(f.value)}, ${f.why}`),
    'Fill in the real service’s identity and production addresses (content/service.yaml, content/publication.yaml) before deploying; `npm run ready` refuses to pass until then.',
  ].join('\n');
}
