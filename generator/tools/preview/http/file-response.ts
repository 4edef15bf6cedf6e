// A built file as a response: conditional GET by ETag, HEAD without a body.
import type { BuiltFile } from '../built-files.js';
import { matchesEtag } from './headers.js';

export function fileResponse(request: Request, file: BuiltFile, headers: Record<string, string>): Response {
  const all: Record<string, string> = { ...headers, etag: file.etag };
  if (matchesEtag(request.headers.get('if-none-match'), file.etag))
    return new Response(null, { status: 304, headers: all });
  all['content-length'] = String(file.bytes.byteLength);
  // The Node adapter drops a HEAD body anyway; in-process callers get the same answer as over a socket.
  return new Response(request.method === 'HEAD' ? null : file.bytes, { status: 200, headers: all });
}
