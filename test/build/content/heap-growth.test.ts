// How the heap grows on a large content set: in gentle steps from the size where the catalog's memory matters, as
// V8 decides below it, and gentle already while the page files are listed. The memory itself is measured by the
// benchmark (catalog suite), not here.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GENTLE_HEAP_GROWTH_PERCENT,
  GENTLE_HEAP_GROWTH_FROM_PAGES,
  heapGrowthFor,
} from '../../../generator/build/content/heap-growth.js';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';

/** What the load did, in order: each V8 flag it set, and the listing of the content files. */
const events: string[] = [];

vi.mock('node:v8', async (importOriginal) => {
  const v8 = await importOriginal<typeof import('node:v8')>();
  // Recorded, not set: the test's own process keeps V8's growth.
  const setFlagsFromString = (flags: string) => void events.push(flags);
  return { ...v8, default: { ...v8, setFlagsFromString }, setFlagsFromString };
});
vi.mock('../../../generator/build/content/content-files.js', async (importOriginal) => {
  const files = await importOriginal<typeof import('../../../generator/build/content/content-files.js')>();
  return {
    ...files,
    contentFiles: async (...args: Parameters<typeof files.contentFiles>) => {
      const listed = await files.contentFiles(...args);
      events.push(`listed ${listed.pages.length} pages`);
      return listed;
    },
  };
});

beforeEach(() => {
  events.length = 0;
});

describe('the heap growth of a build', () => {
  it("is V8's own below the page count where memory matters", () => {
    expect(heapGrowthFor(19)).toBe('--heap-growing-percent=0');
    expect(heapGrowthFor(GENTLE_HEAP_GROWTH_FROM_PAGES - 1)).toBe('--heap-growing-percent=0');
  });

  it('is a gentle fixed step from that count on (no cap: the heap may still grow to the same limit)', () => {
    expect(heapGrowthFor(GENTLE_HEAP_GROWTH_FROM_PAGES)).toBe(`--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}`);
    expect(heapGrowthFor(100_000)).toBe(`--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}`);
    expect(GENTLE_HEAP_GROWTH_PERCENT).toBeGreaterThan(0);
  });

  it('is gentle before the page files are listed, and set from their count once they are', async () => {
    const diagnostics = new Diagnostics();
    const model = await loadContent(
      { contentDir: DEFAULT_CONTENT_DIR, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' },
      diagnostics,
    );
    expect(diagnostics.list()).toEqual([]);
    const pages = model!.pages.length;
    // A full collection while a catalog's files are listed sets the next limit by the flag of that moment.
    expect(events).toEqual([
      `--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}`,
      `listed ${pages} pages`,
      '--heap-growing-percent=0',
    ]);
  });
});
