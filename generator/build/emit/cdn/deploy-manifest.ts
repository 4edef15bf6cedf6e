// The deploy manifest: every file to upload to an object store, with its key, size, sha256, media type and cache policy.
// It lives outside dist/ (in the deploy pseudo-host), so it is not uploaded and need not describe itself.
import { type EmitContext, type Emitter, keptForScope, type RegistryEntry } from '../../registry/types.js';
import type { Digest } from '../../cache/fingerprint.js';
import type { HeaderList } from '../../../runtime/headers.js';
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

/** How a file is uploaded, without its bytes: what the serving plan says of it. */
type Upload = Omit<ManifestFile, 'size' | 'sha256'>;

/** The headers a file is uploaded with: a handful of them are shared by 20,000 files. */
type Headers = Omit<Upload, 'key' | 'source'>;

/**
 * The manifest without the files' bytes: every file's key and headers, the stream folders' headers, and what needs an
 * edge. Made from the scope alone (the registry and the model), so it is kept across builds in the same scope: a
 * rebuild after a page's body changed fills in the digests and derives no serving plan.
 */
interface ManifestPlan {
  site: string;
  needsEdge: string[];
  /**
   * Each file's key, its file in dist/, and its headers (by their index in `headers`): kept in the cache folder with
   * the scope, 20,000 files' headers are not written and parsed again as 20,000 objects of the same few strings.
   */
  files: [key: string, source: string, headers: number][];
  headers: Headers[];
  /** Each query route's data file whose streamed files are uploaded one by one, with their headers. */
  streams: { host: RegistryEntry['host']; file: string; upload: Headers }[];
}

export const emitDeployManifest: Emitter = (_entry, context) => {
  const { artifacts } = context;
  const plan = keptForScope(context, 'deploy-manifest:plan', manifestPlan);
  const files: ManifestFile[] = plan.files.map(([key, source, headers]) => {
    const artifact = artifacts.get('site', source);
    if (!artifact) throw new Error(`${source} was not emitted`);
    return sized(key, source, plan.headers[headers]!, artifacts.digest(artifact));
  });
  // A page's context file is fetched by the edge handler from the bucket: uploaded like its data file, one by one.
  for (const { host, file, upload } of plan.streams) {
    const data = artifacts.get(host, file);
    const stream = data && artifacts.streamOf(data.entry);
    if (!stream) continue;
    for (const [file, digest] of stream.digests()) files.push(sized(file, file, upload, digest));
  }
  const manifest: DeployManifest = { site: plan.site, needsEdge: plan.needsEdge, files };
  return `${JSON.stringify(manifest, null, 2)}\n`;
};

/** A file's line of the manifest, its members in the manifest's order. */
function sized(key: string, source: string, headers: Headers, digest: Digest): ManifestFile {
  return {
    key,
    source,
    size: digest.bytes,
    sha256: digest.sha256,
    contentType: headers.contentType,
    cacheControl: headers.cacheControl,
    cors: headers.cors,
  };
}

function manifestPlan(context: EmitContext): ManifestPlan {
  const { plan, table } = servingOf(context);
  const upload = (headers: HeaderList): Headers => ({
    contentType: headerValue(headers, 'Content-Type')!,
    cacheControl: headerValue(headers, 'Cache-Control')!,
    cors: headerValue(headers, 'Access-Control-Allow-Origin') === '*',
  });
  const shared: Headers[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (headers: Headers) => {
    const name = JSON.stringify(headers);
    let index = indexes.get(name);
    if (index === undefined) indexes.set(name, (index = shared.push(headers) - 1));
    return index;
  };
  const files = plan.files.map((file): ManifestPlan['files'][number] => [
    // "/" is the index document of a bucket website; every other path is its own key.
    file.path === '/' ? file.file : file.path.slice(1),
    file.file,
    indexOf(upload(file.headers)),
  ]);
  return {
    site: context.registry.origin('site'),
    needsEdge: [
      ...plan.queryRoutes.map((r) => r.route),
      ...plan.negotiated.map((n) => `${n.path} (Accept: text/markdown)`),
      ...table.mcp.notEndpoints.map((n) => `${n.path} (an MCP client's request)`),
    ],
    files,
    headers: shared,
    streams: plan.queryRoutes.map((route) => ({
      host: route.data.entry.host,
      file: route.data.entry.file,
      upload: upload(route.data.headers),
    })),
  };
}
