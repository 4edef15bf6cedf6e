// The built files the preview hosts serve, keyed by registry entry: read once from the build output or taken from memory.
import { plural } from '../terminal/plural.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Registry } from '../../build/registry/registry.js';
import type { ArtifactSet, HostName, RegistryEntry } from '../../build/registry/types.js';

export interface BuiltFile {
  entry: RegistryEntry;
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong validator over the bytes, for ETag and If-None-Match. */
  etag: string;
}

/** Every file of a build, found only through the registry: no request ever names a file on disk. */
export class BuiltFiles {
  private readonly byKey = new Map<string, BuiltFile>();

  /** `streamed` reads one of the files an entry streams beside its own (a page's context file), by its tree path. */
  constructor(
    files: Iterable<BuiltFile>,
    private readonly streamed: (entry: RegistryEntry, file: string) => string | undefined = () => undefined,
  ) {
    for (const file of files) this.byKey.set(`${file.entry.host} ${file.entry.path}`, file);
  }

  /** One streamed file of an entry ("_agent/page-context/7.json"), read on request; undefined if there is none. */
  streamedFile(entry: RegistryEntry, file: string): string | undefined {
    return this.streamed(entry, file);
  }

  get(path: string, host: HostName = 'site'): BuiltFile | undefined {
    return this.byKey.get(`${host} ${path}`);
  }

  of(entry: RegistryEntry): BuiltFile | undefined {
    return this.get(entry.path, entry.host);
  }

  /** The text of a JSON file of a host, parsed (the OAuth metadata documents, the data behind query routes). */
  json<T>(entry: RegistryEntry): T | undefined {
    const file = this.of(entry);
    return file ? (JSON.parse(new TextDecoder().decode(file.bytes)) as T) : undefined;
  }
}

/** One file of a build: its bytes and their ETag. */
export function builtFile(entry: RegistryEntry, body: string | Uint8Array): BuiltFile {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { entry, bytes, etag };
}

/** From an in-memory build (tests, and `npm run preview` right after it built). */
export function builtFilesFromArtifacts(artifacts: ArtifactSet): BuiltFiles {
  return new BuiltFiles(
    artifacts.values().map((a) => builtFile(a.entry, a.body)),
    (entry, file) => artifacts.streamOf(entry)?.file(file),
  );
}

/**
 * From a build on disk: the site in `outDir`, the other hosts in `<outDir>-hosts/<host>/`. Each registry entry's file
 * is read once; a missing one is reported by name (the build is out of date or incomplete).
 */
export async function readBuiltFiles(registry: Registry, outDir: string): Promise<BuiltFiles> {
  const files: BuiltFile[] = [];
  const missing: string[] = [];
  for (const entry of registry.entries) {
    const dir = entry.host === 'site' ? outDir : join(`${outDir}-hosts`, entry.host);
    try {
      files.push(builtFile(entry, await readFile(join(dir, entry.file))));
    } catch {
      missing.push(join(dir, entry.file));
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `The build output lacks ${plural(missing.length, 'file')} the registry lists: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}. Run the build again.`,
    );
  }
  // Streamed files are many (a context per page): each is read when asked for, never all up front.
  return new BuiltFiles(files, (entry, file) => {
    const dir = entry.host === 'site' ? outDir : join(`${outDir}-hosts`, entry.host);
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return undefined;
    }
  });
}
