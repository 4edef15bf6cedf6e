// The dev loop's state machine: what is served, what runs, what is due, and how each event moves them. Pure: the
// session (dev-session.ts) runs the commands it returns and feeds their results back as events.
//
// What is served (`served.status`):
//   waiting        no build has passed yet; the next build is the whole build
//   complete       a whole build (or a completed fast-path build) is served, with no problem
//   partial        the fast path served edited pages; the rest of the build awaits its background completion
//   page-problems  the latest saves break pages (found by the fast path); the last good build stays served, and the
//                  next save takes the fast path again (which reads every save the served build does not reflect)
//   broken         the whole build or a completion found problems; the last good build stays served; the next build
//                  is the whole build
//
// What runs (`work`): idle, fast (the fast path), whole (the whole build), completing (the background completion).
// One build at a time; a completion only while no build is due.
//
//   status         event                 → status          notes
//   any            saved                   (same)          queued; a build starts if none runs (see "work")
//   any            whole-requested         (same)          the whole build is due
//   complete       fast-served           → partial         the edited pages' outcome (phase `pages`) is emitted
//   partial        fast-served           → partial         the newer pages replace the older; a new completion
//   page-problems  fast-served           → partial         the fix is served, its problems cleared
//   complete       fast-problems         → page-problems   the saves stay queued, unreflected
//   partial        fast-problems         → page-problems   (no completion until the pages are fixed)
//   page-problems  fast-problems         → page-problems   emitted only if the problems differ (chokidar's second
//                                                          look at a save finds what the first did)
//   page-problems  fast-unchanged        → complete | partial   the pages are back as served: the overlay goes
//   other          fast-unchanged          (same)          nothing emitted
//   any            fast-needs-whole        (same)          the whole build starts at once
//   any            whole-passed          → complete
//   waiting        whole-failed          → waiting
//   other          whole-failed          → broken
//   any            whole-skipped           (same)          the content and schemas are the bytes built last
//   partial        completion-passed     → complete        phase `complete`; the pages reload only if their HTML differs
//   partial        completion-failed     → broken
//   partial        completion-mismatch     (same)          the completion read newer content: the whole build is due
//   other          completion-*            (same)          a completion abandoned or outdated: ignored
//   any but waiting hosts-refused        → broken          a preview host refused the build just served
//   any            closed                  (same)          every later event is ignored
//
//   work           when                                   → work
//   idle           a build is due                         → whole if the whole build is due or nothing good or a
//                                                             whole-build failure is served, else fast
//   completing     a build is due                         → fast | whole (as above; the completion is abandoned)
//   fast | whole   a save arrives                           (same): it is due, and built right after
//   fast           fast-needs-whole                       → whole
//   fast | whole   the build's outcome, nothing due       → completing if a partial build is served, else idle
//   completing     its outcome                            → idle, or the next due build
import { isDeepStrictEqual } from 'node:util';
import { Diagnostics } from '../../build/messages/diagnostics.js';
import type { RegistryEntry } from '../../build/registry/types.js';
import type { GoodBuild } from './good-build.js';
import type { Problem } from './live-reload.js';
import type { WriteCounts } from './write-changed.js';

/** `full`: the whole build; `pages`: the fast path for edited page bodies; `complete`: its background completion. */
export type BuildPhase = 'full' | 'pages' | 'complete';

export type BuildOutcome =
  | {
      ok: true;
      phase: BuildPhase;
      build: GoodBuild;
      ms: number;
      written?: WriteCounts;
      diagnostics: Diagnostics;
      /** For the fast path: the entries it rendered again. */
      changed?: RegistryEntry[];
    }
  | { ok: false; phase: BuildPhase; problems: Problem[]; ms: number; diagnostics?: Diagnostics };

export type Served =
  | { status: 'waiting'; problems: Problem[]; inputs?: string }
  | { status: 'complete'; build: GoodBuild }
  | { status: 'partial'; build: GoodBuild }
  | { status: 'page-problems'; build: GoodBuild; problems: Problem[] }
  /** `inputs`: the content the failed whole build read (absent when it crashed or a completion failed). */
  | { status: 'broken'; build: GoodBuild; problems: Problem[]; inputs?: string };

export type Work = 'idle' | 'fast' | 'whole' | 'completing';

export interface SessionState {
  served: Served;
  work: Work;
  /** What the next build must be: nothing, the fast path for `saved`, or the whole build. */
  due: 'nothing' | 'saves' | 'whole';
  /** Files saved since the served build that it does not reflect, and no running build has taken. */
  saved: readonly string[];
  /** The saves the running fast path took. */
  taken: readonly string[];
  /** The number of the latest completion started: only its result counts, and only while it is `work`. */
  completion: number;
  closed: boolean;
}

export type SessionEvent =
  | { type: 'saved'; paths: readonly string[] }
  | { type: 'whole-requested' }
  | { type: 'fast-served'; build: GoodBuild; changed: RegistryEntry[]; diagnostics: Diagnostics; ms: number }
  | { type: 'fast-problems'; problems: Problem[]; diagnostics: Diagnostics; ms: number }
  | { type: 'fast-unchanged'; ms: number }
  | { type: 'fast-needs-whole' }
  | { type: 'whole-passed'; build: GoodBuild; written?: WriteCounts; diagnostics: Diagnostics; ms: number }
  /** `inputs` absent: the build crashed, and the same bytes are to be built again. */
  | { type: 'whole-failed'; problems: Problem[]; inputs?: string; diagnostics?: Diagnostics; ms: number }
  | { type: 'whole-skipped' }
  | {
      type: 'completion-passed';
      job: number;
      build: GoodBuild;
      written?: WriteCounts;
      diagnostics: Diagnostics;
      ms: number;
    }
  | { type: 'completion-failed'; job: number; problems: Problem[]; diagnostics?: Diagnostics; ms: number }
  | { type: 'completion-mismatch'; job: number }
  | { type: 'hosts-refused'; problems: Problem[] }
  | { type: 'closed' };

export type Command =
  /** Check and render the saved pages on top of `served`. */
  | { type: 'run-fast'; paths: readonly string[]; served: GoodBuild }
  /** The whole build, skipped when the content and schemas are byte for byte `skipIfInputs`. */
  | { type: 'run-whole'; skipIfInputs?: string }
  /** The whole build in the background, its files laid over `base`. */
  | { type: 'run-completion'; job: number; base: GoodBuild }
  | { type: 'emit'; outcome: BuildOutcome };

export interface Step {
  state: SessionState;
  commands: Command[];
}

export const INITIAL_STATE: SessionState = {
  served: { status: 'waiting', problems: [] },
  work: 'idle',
  due: 'nothing',
  saved: [],
  taken: [],
  completion: 0,
  closed: false,
};

/** The build being served, if any. */
export function servedBuild(served: Served): GoodBuild | undefined {
  return served.status === 'waiting' ? undefined : served.build;
}

/** The problems shown: the latest attempt's, until it is fixed. */
export function problemsOf(served: Served): Problem[] {
  return 'problems' in served ? served.problems : [];
}

/** Whether the result of completion `job` would still be taken (so its files are worth writing). */
export function completionCounts(state: SessionState, job: number): boolean {
  return !state.closed && state.work === 'completing' && state.completion === job && state.served.status === 'partial';
}

export function transition(state: SessionState, event: SessionEvent): Step {
  if (state.closed) return { state, commands: [] };
  const { served } = state;
  const emits: Command[] = [];
  const emit = (outcome: BuildOutcome) => emits.push({ type: 'emit', outcome });
  let next: SessionState = state;

  switch (event.type) {
    case 'closed':
      return { state: { ...state, closed: true }, commands: [] };
    case 'saved':
      next = {
        ...state,
        saved: union(state.saved, event.paths),
        due: state.due === 'whole' ? 'whole' : 'saves',
      };
      break;
    case 'whole-requested':
      next = { ...state, due: 'whole' };
      break;
    case 'fast-served':
      next = { ...state, work: 'idle', taken: [], served: { status: 'partial', build: event.build } };
      emit({
        ok: true,
        phase: 'pages',
        build: event.build,
        ms: event.ms,
        diagnostics: event.diagnostics,
        changed: event.changed,
      });
      break;
    case 'fast-problems': {
      const build = servedBuild(served)!;
      const known = served.status === 'page-problems' && isDeepStrictEqual(served.problems, event.problems);
      next = {
        ...state,
        work: 'idle',
        // Not reflected by the served build: the next attempt reads them again.
        saved: union(state.taken, state.saved),
        taken: [],
        served: { status: 'page-problems', build, problems: event.problems },
      };
      if (!known) {
        emit({ ok: false, phase: 'pages', problems: event.problems, ms: event.ms, diagnostics: event.diagnostics });
      }
      break;
    }
    case 'fast-unchanged':
      next = { ...state, work: 'idle', taken: [] };
      if (served.status === 'page-problems') {
        const { build } = served;
        next.served = build.complete ? { status: 'complete', build } : { status: 'partial', build };
        emit({ ok: true, phase: 'pages', build, ms: event.ms, diagnostics: new Diagnostics(), changed: [] });
      }
      break;
    case 'fast-needs-whole':
      // The whole build reads every file now, saves made while the fast path ran included: nothing is left due.
      return {
        state: { ...state, work: 'whole', saved: [], taken: [], due: 'nothing' },
        commands: [{ type: 'run-whole', skipIfInputs: inputsOf(served) }],
      };
    case 'whole-passed':
      next = { ...state, work: 'idle', served: { status: 'complete', build: event.build } };
      emit({
        ok: true,
        phase: 'full',
        build: event.build,
        ms: event.ms,
        written: event.written,
        diagnostics: event.diagnostics,
      });
      break;
    case 'whole-failed': {
      const build = servedBuild(served);
      const { problems, inputs } = event;
      next = {
        ...state,
        work: 'idle',
        served: build ? { status: 'broken', build, problems, inputs } : { status: 'waiting', problems, inputs },
      };
      emit({ ok: false, phase: 'full', problems, ms: event.ms, diagnostics: event.diagnostics });
      break;
    }
    case 'whole-skipped':
      next = { ...state, work: 'idle' };
      break;
    case 'completion-passed':
    case 'completion-failed':
    case 'completion-mismatch': {
      if (state.work !== 'completing' || state.completion !== event.job) return { state, commands: [] };
      next = { ...state, work: 'idle' };
      if (served.status !== 'partial') break;
      if (event.type === 'completion-mismatch') {
        // Its files describe other content than the served build's (a save not reported yet): the whole build.
        next.due = 'whole';
      } else if (event.type === 'completion-passed') {
        next.served = { status: 'complete', build: event.build };
        emit({
          ok: true,
          phase: 'complete',
          build: event.build,
          ms: event.ms,
          written: event.written,
          diagnostics: event.diagnostics,
        });
      } else {
        // No inputs: whatever the bytes, the next whole build runs (a completion does not record what it read).
        next.served = { status: 'broken', build: served.build, problems: event.problems, inputs: undefined };
        emit({ ok: false, phase: 'complete', problems: event.problems, ms: event.ms, diagnostics: event.diagnostics });
      }
      break;
    }
    case 'hosts-refused': {
      const build = servedBuild(served);
      if (!build) return { state, commands: [] };
      next = { ...state, served: { status: 'broken', build, problems: event.problems, inputs: build.inputs } };
      break;
    }
  }
  const scheduled = schedule(next);
  // Emitted last: a listener may report an event of its own (hosts-refused), which then sees this step done.
  return { state: scheduled.state, commands: [...scheduled.commands, ...emits] };
}

/** Starts what is due when nothing else runs: a due build first (abandoning a completion), else a completion. */
function schedule(state: SessionState): Step {
  if (state.work === 'fast' || state.work === 'whole') return { state, commands: [] };
  const { served } = state;
  if (state.due !== 'nothing') {
    const whole = state.due === 'whole' || served.status === 'waiting' || served.status === 'broken';
    if (whole) {
      return {
        state: { ...state, work: 'whole', due: 'nothing', saved: [], taken: [] },
        commands: [{ type: 'run-whole', skipIfInputs: inputsOf(served) }],
      };
    }
    if (state.saved.length > 0) {
      return {
        state: { ...state, work: 'fast', due: 'nothing', taken: state.saved, saved: [] },
        commands: [{ type: 'run-fast', paths: state.saved, served: served.build }],
      };
    }
    state = { ...state, due: 'nothing' };
  }
  if (state.work === 'idle' && served.status === 'partial') {
    const job = state.completion + 1;
    return {
      state: { ...state, work: 'completing', completion: job },
      commands: [{ type: 'run-completion', job, base: served.build }],
    };
  }
  return { state, commands: [] };
}

/** What a whole build may compare the content with: the bytes the served state was built (or failed) from. */
function inputsOf(served: Served): string | undefined {
  switch (served.status) {
    case 'waiting':
    case 'broken':
      return served.inputs;
    case 'complete':
      return served.build.inputs;
    default:
      // A fast-path build reflects more than the whole build it started from.
      return undefined;
  }
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
