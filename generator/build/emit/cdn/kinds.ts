// The cdn family's kinds: the files that make dist/ deployable (CDN header, redirect and route files in dist/; the nginx
// configuration, the deploy manifest and the edge table in the deploy pseudo-host, never uploaded).
import type { FamilyKinds } from '../../registry/build-registry.js';
import type { DerivedEntry } from '../../registry/types.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import { checkDeployBudgets, emitDeployBudgets } from './deploy-budgets.js';
import { emitDeployManifest } from './deploy-manifest.js';
import { emitEdgeTable } from './edge-table.js';
import { checkHeadersLimits, emitHeadersFile } from './headers-file.js';
import { checkHeadersNotJoined } from './validate-headers-joined.js';
import { emitNginxConfig } from './nginx-config.js';
import { emitRedirectsFile } from './redirects-file.js';
import { emitRoutesFile } from './routes-file.js';

/** They are derived from the registry as a whole, which the discovery resources file defines. */
const SOURCE = { file: 'content/discovery-resources.yaml' };

function derived(path: string, title: string, purpose: string): () => DerivedEntry[] {
  return () => [{ path, title, purpose, group: 'cdn', audience: ['developers'], inContract: false, source: SOURCE }];
}

export const cdnKinds = {
  'cdn-headers': {
    mediaType: MEDIA_TYPES.text,
    emit: emitHeadersFile,
    validatorsReadScope: true,
    emitReadsScope: true,
    validate: [checkHeadersLimits(), checkHeadersNotJoined],
    derive: derived(
      '/_headers',
      'Response headers for Netlify and Cloudflare Pages',
      'CDN configuration: headers per path.',
    ),
  },
  'cdn-redirects': {
    mediaType: MEDIA_TYPES.text,
    // Reads the serving table, made once the query routes' data is emitted.
    emitLast: true,
    emit: emitRedirectsFile,
    emitReadsScope: true,
    derive: derived(
      '/_redirects',
      'Rewrites for Netlify',
      'CDN configuration: query-parameter rewrites (Netlify only).',
    ),
  },
  'cdn-routes': {
    mediaType: MEDIA_TYPES.json,
    emitLast: true,
    emit: emitRoutesFile,
    emitReadsScope: true,
    derive: derived(
      '/_routes.json',
      'Function routes for Cloudflare Pages',
      'CDN configuration: the paths the Pages Function sees.',
    ),
  },
  'nginx-config': {
    mediaType: MEDIA_TYPES.text,
    host: 'deploy',
    // Reads the page-context data to precompute its answers.
    emitLast: true,
    emit: emitNginxConfig,
    emitReadsScope: true,
    derive: derived('/nginx.conf', 'nginx configuration', 'Maps and a server block serving dist/ as the CDNs do.'),
  },
  'deploy-manifest': {
    mediaType: MEDIA_TYPES.json,
    host: 'deploy',
    emitLast: true,
    emit: emitDeployManifest,
    derive: derived(
      '/deploy-manifest.json',
      'Deploy manifest',
      'Every file to upload with its key, size, sha256, media type and cache policy.',
    ),
  },
  'edge-table': {
    mediaType: MEDIA_TYPES.json,
    host: 'deploy',
    emitLast: true,
    emit: emitEdgeTable,
    emitReadsScope: true,
    derive: derived(
      '/edge-table.json',
      'Edge handler table',
      'What the Netlify and Cloudflare edge handlers are bundled with.',
    ),
  },
  'deploy-budgets': {
    mediaType: MEDIA_TYPES.json,
    host: 'deploy',
    // Measures the other files, the deployment files included: the last kind of the table.
    emitLast: true,
    emit: emitDeployBudgets,
    validate: [checkDeployBudgets],
    derive: derived(
      '/deploy-budgets.json',
      'Deployment budgets',
      "The output measured against each deployment target's documented limits.",
    ),
  },
} satisfies FamilyKinds;
