// Verdicts kept across builds: a check that found nothing in a text does not read the same text again while nothing
// else it reads has changed (the generator, the model without page bodies, the registry: the scope). So a rebuild
// after one page changed checks that page's files and the files that list it, not the whole tree again. The same
// holds for the boundaries guard on the content's pages (its scope: the generator and the model without page bodies).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a check needs of the kept verdicts. */
export interface KeptVerdicts {
  key(display: string, hash: string): string;
  judge(key: string, findings: () => number, judge: () => void): void;
  /** Whether the last good build found nothing in the text of this key (a check may then skip making the text). */
  kept(key: string): boolean;
}

export class Verdicts implements KeptVerdicts {
  /** Every text judged or kept in this build, and those some check had something to say about. */
  private readonly seen = new Set<string>();
  private readonly failed = new Set<string>();
  /** The files whose texts were judged in this build (not taken from the last one). */
  readonly judgedFiles = new Set<string>();
  /** How many judgements were taken from the previous build, and how many were made. */
  readonly counts = { kept: 0, judged: 0 };

  constructor(
    readonly scope: string,
    private readonly previous: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * The key of the verdicts on a text: where it is published and its hash (`contentHash`, made once per text by whoever
   * holds it). One key per text, not per check: a text is kept only when every check found nothing in it (a catalog has
   * 200,000 texts and a dozen checks).
   */
  key(display: string, hash: string): string {
    return `${display}\0${hash}`;
  }

  kept(key: string): boolean {
    return this.previous.has(key);
  }

  /**
   * Runs `judge` unless the last good build found nothing in the same text; `findings` counts the messages so far,
   * so that a text on which some check added one is judged again by every check next time.
   */
  judge(key: string, findings: () => number, judge: () => void): void {
    this.seen.add(key);
    if (this.previous.has(key)) {
      this.counts.kept++;
      return;
    }
    this.counts.judged++;
    this.judgedFiles.add(key.slice(0, key.indexOf('\0')));
    const before = findings();
    judge();
    if (findings() !== before) this.failed.add(key);
  }

  toJSON(): { scope: string; passed: string[] } {
    return { scope: this.scope, passed: [...this.seen].filter((key) => !this.failed.has(key)) };
  }
}

/** Which verdicts: those of the checks on the built files, or of the boundaries guard on the content's pages. */
export type VerdictSet = 'verdicts' | 'content-verdicts';

const fileOf = (cacheDir: string, set: VerdictSet) => join(cacheDir, `${set}.json`);

/** The verdicts of the last good build, if they were made in the same scope; none otherwise. */
export async function loadVerdicts(cacheDir: string, scope: string, set: VerdictSet = 'verdicts'): Promise<Verdicts> {
  return (await savedVerdicts(cacheDir, set))(scope);
}

/** As `loadVerdicts`, for a scope known only later: read now, taken when the scope is known. */
export async function savedVerdicts(cacheDir: string, set: VerdictSet): Promise<(scope: string) => Verdicts> {
  let saved: ReturnType<Verdicts['toJSON']> | undefined;
  try {
    saved = JSON.parse(await readFile(fileOf(cacheDir, set), 'utf8')) as ReturnType<Verdicts['toJSON']>;
  } catch {
    // No verdicts yet, or unreadable ones: every text is checked.
  }
  return (scope) =>
    saved?.scope === scope && Array.isArray(saved.passed)
      ? new Verdicts(scope, new Set(saved.passed))
      : new Verdicts(scope);
}

/** Keeps a good build's verdicts (only a build without errors: a failed one's are never trusted). */
export async function saveVerdicts(cacheDir: string, verdicts: Verdicts, set: VerdictSet = 'verdicts'): Promise<void> {
  const path = fileOf(cacheDir, set);
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(verdicts));
  await rename(tmp, path);
}
