// The deploy manifest: every file to upload to an object store, with its key, size, sha256, media type and cache policy.
// It lives outside dist/ (in the deploy pseudo-host), so it is not uploaded and need not describe itself.
import type { Emitter } from '../../registry/types.js';
import { headerValue } from './serving-plan.js';
import { servingOf } from './serving-table.js';

export interface ManifestFile {
  /** Object key: the path clients request, so that an object store answers extensionless pages as they are. */
  key: string;
  /** The file in dist/. */
  source: string;
  size: number;
  sha256: string;
  contentType: string;
  cacheControl: string;
  /** Whether the object is served with `Access-Control-Allow-Origin: *` (set it in the bucket's CORS rules). */
  cors: boolean;
}

export interface DeployManifest {
  site: string;
  /** What an object store cannot do by itself: these routes need an edge function, nginx, or the CDN in front. */
  needsEdge: string[];
  files: ManifestFile[];
}

export const emitDeployManifest: Emitter = (_entry, context) => {
  const { registry, artifacts } = context;
  const { plan, table } = servingOf(context);
  const files: ManifestFile[] = plan.files.map((file) => {
    const artifact = artifacts.get('site', file.file);
    if (!artifact) throw new Error(`${file.file} was not emitted`);
    const digest = artifacts.digest(artifact);
    return {
      // "/" is the index document of a bucket website; every other path is its own key.
      key: file.path === '/' ? file.file : file.path.slice(1),
      source: file.file,
      size: digest.bytes,
      sha256: digest.sha256,
      contentType: headerValue(file.headers, 'Content-Type')!,
      cacheControl: headerValue(file.headers, 'Cache-Control')!,
      cors: headerValue(file.headers, 'Access-Control-Allow-Origin') === '*',
    };
  });
  // A page's context file is fetched by the edge handler from the bucket: uploaded like its data file, one by one.
  for (const route of plan.queryRoutes) {
    const stream = artifacts.streamOf(route.data.entry);
    if (!stream) continue;
    for (const [file, digest] of stream.digests()) {
      files.push({
        key: file,
        source: file,
        size: digest.bytes,
        sha256: digest.sha256,
        contentType: headerValue(route.data.headers, 'Content-Type')!,
        cacheControl: headerValue(route.data.headers, 'Cache-Control')!,
        cors: headerValue(route.data.headers, 'Access-Control-Allow-Origin') === '*',
      });
    }
  }
  const needsEdge = [
    ...plan.queryRoutes.map((r) => r.route),
    ...plan.negotiated.map((n) => `${n.path} (Accept: text/markdown)`),
    ...table.mcp.notEndpoints.map((n) => `${n.path} (an MCP client's request)`),
  ];
  const manifest: DeployManifest = { site: registry.origin('site'), needsEdge, files };
  return `${JSON.stringify(manifest, null, 2)}\n`;
};
