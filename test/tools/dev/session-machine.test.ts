// Each transition of the dev loop's state machine, without a build: events in, state and commands out.
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import type { GoodBuild } from '../../../generator/tools/dev/good-build.js';
import type { Problem } from '../../../generator/tools/dev/live-reload.js';
import {
  completionCounts,
  INITIAL_STATE,
  transition,
  type Command,
  type SessionEvent,
  type SessionState,
} from '../../../generator/tools/dev/session-machine.js';

/** A build as the machine sees it: only its identity, completeness and inputs matter to it. */
const build = (id: number, complete: boolean, inputs?: string) => ({ id, complete, inputs }) as unknown as GoodBuild;
const problem = (reason: string): Problem => ({
  file: 'content/pages/help.md',
  line: 3,
  ruleId: 'unknown-directive',
  reason,
});
const diagnostics = new Diagnostics();

const whole1 = build(1, true, 'inputs-1');
const fast2 = build(2, false);
const fast3 = build(3, false);
const done2 = build(2, true);

/** Runs events from a state; returns the last state and every command, in order. */
function run(state: SessionState, ...events: SessionEvent[]): { state: SessionState; commands: Command[] } {
  const commands: Command[] = [];
  for (const event of events) {
    const step = transition(state, event);
    state = step.state;
    commands.push(...step.commands);
  }
  return { state, commands };
}

const types = (commands: Command[]) => commands.map((c) => (c.type === 'emit' ? `emit ${c.outcome.phase}` : c.type));

const saved = (...paths: string[]): SessionEvent => ({ type: 'saved', paths });
const wholePassed = (b: GoodBuild): SessionEvent => ({ type: 'whole-passed', build: b, diagnostics, ms: 1 });
const fastServed = (b: GoodBuild): SessionEvent => ({ type: 'fast-served', build: b, changed: [], diagnostics, ms: 1 });
const fastProblems = (...problems: Problem[]): SessionEvent => ({
  type: 'fast-problems',
  problems,
  diagnostics,
  ms: 1,
});

/** Serving whole build #1, nothing running. */
const serving = run(INITIAL_STATE, { type: 'whole-requested' }, wholePassed(whole1)).state;
/** The fast path served #2 over #1; its completion (job 1) runs. */
const completing = run(serving, saved('/c/pages/help.md'), fastServed(fast2)).state;

describe('the dev session state machine: whole builds', () => {
  it('waiting → whole build → complete; the outcome is emitted', () => {
    let step = run(INITIAL_STATE, { type: 'whole-requested' });
    expect(step.state).toMatchObject({ work: 'whole', served: { status: 'waiting' } });
    expect(step.commands).toEqual([{ type: 'run-whole', skipIfInputs: undefined }]);
    step = run(step.state, wholePassed(whole1));
    expect(step.state).toMatchObject({ work: 'idle', served: { status: 'complete', build: whole1 } });
    expect(step.commands).toEqual([{ type: 'emit', outcome: expect.objectContaining({ ok: true, phase: 'full' }) }]);
  });

  it('waiting → failed whole build → waiting with its problems; any save builds the whole again, skipped if no byte changed', () => {
    const failed = run(
      INITIAL_STATE,
      { type: 'whole-requested' },
      { type: 'whole-failed', problems: [problem('broken')], inputs: 'inputs-0', ms: 1 },
    );
    expect(failed.state.served).toEqual({ status: 'waiting', problems: [problem('broken')], inputs: 'inputs-0' });
    expect(types(failed.commands)).toEqual(['run-whole', 'emit full']);
    const again = run(failed.state, saved('/c/pages/help.md'));
    expect(again.commands).toEqual([{ type: 'run-whole', skipIfInputs: 'inputs-0' }]);
    const skipped = run(again.state, { type: 'whole-skipped' });
    expect(skipped.state).toMatchObject({ work: 'idle', served: { status: 'waiting' } });
    expect(skipped.commands).toEqual([]);
  });

  it('a crash records no inputs: the same bytes are built again', () => {
    const crashed = run(
      serving,
      { type: 'whole-requested' },
      { type: 'whole-failed', problems: [problem('crash')], ms: 1 },
    );
    expect(crashed.state.served).toMatchObject({ status: 'broken', build: whole1, inputs: undefined });
    expect(run(crashed.state, { type: 'whole-requested' }).commands).toEqual([
      { type: 'run-whole', skipIfInputs: undefined },
    ]);
  });

  it('complete → failed whole build → broken: the last good build stays, and the next save takes the whole build', () => {
    const broken = run(
      serving,
      saved('/c/errors.yaml'),
      { type: 'fast-needs-whole' },
      { type: 'whole-failed', problems: [problem('bad yaml')], inputs: 'inputs-2', ms: 1 },
    );
    expect(broken.state.served).toMatchObject({ status: 'broken', build: whole1, problems: [problem('bad yaml')] });
    expect(types(broken.commands)).toEqual(['run-fast', 'run-whole', 'emit full']);
    expect(run(broken.state, saved('/c/pages/help.md')).commands).toEqual([
      { type: 'run-whole', skipIfInputs: 'inputs-2' },
    ]);
    const fixed = run(broken.state, saved('/c/errors.yaml'), wholePassed(build(2, true, 'inputs-3')));
    expect(fixed.state.served).toMatchObject({ status: 'complete' });
  });

  it('a whole request compares with the served whole build, never with a fast-path build', () => {
    expect(run(serving, { type: 'whole-requested' }).commands).toEqual([
      { type: 'run-whole', skipIfInputs: 'inputs-1' },
    ]);
    expect(run(completing, { type: 'whole-requested' }).commands).toEqual([
      { type: 'run-whole', skipIfInputs: undefined },
    ]);
  });
});

describe('the dev session state machine: the fast path and its completion', () => {
  it('complete → saves → fast path → partial, then its completion starts', () => {
    const started = run(serving, saved('/c/pages/help.md'));
    expect(started.state).toMatchObject({ work: 'fast', taken: ['/c/pages/help.md'], saved: [] });
    expect(started.commands).toEqual([{ type: 'run-fast', paths: ['/c/pages/help.md'], served: whole1 }]);
    const served = run(started.state, fastServed(fast2));
    expect(served.state).toMatchObject({
      work: 'completing',
      completion: 1,
      served: { status: 'partial', build: fast2 },
    });
    expect(served.commands).toEqual([
      { type: 'run-completion', job: 1, base: fast2 },
      { type: 'emit', outcome: expect.objectContaining({ ok: true, phase: 'pages', build: fast2 }) },
    ]);
  });

  it('partial → completion passed → complete', () => {
    const step = run(completing, { type: 'completion-passed', job: 1, build: done2, diagnostics, ms: 5 });
    expect(step.state).toMatchObject({ work: 'idle', served: { status: 'complete', build: done2 } });
    expect(types(step.commands)).toEqual(['emit complete']);
  });

  it('partial → completion failed → broken: the overlay shows it and the next save takes the whole build', () => {
    const step = run(completing, { type: 'completion-failed', job: 1, problems: [problem('in llms-full.txt')], ms: 5 });
    expect(step.state).toMatchObject({ work: 'idle', served: { status: 'broken', build: fast2, inputs: undefined } });
    expect(step.commands).toEqual([
      { type: 'emit', outcome: expect.objectContaining({ ok: false, phase: 'complete' }) },
    ]);
    expect(types(run(step.state, saved('/c/pages/help.md')).commands)).toEqual(['run-whole']);
  });

  it('partial → completion of other content (a save not reported yet) → the whole build', () => {
    const step = run(completing, { type: 'completion-mismatch', job: 1 });
    expect(step.state).toMatchObject({ work: 'whole', served: { status: 'partial' } });
    expect(step.commands).toEqual([{ type: 'run-whole', skipIfInputs: undefined }]);
  });

  it('a save during a completion abandons it: the fast path starts at once, and the late result is ignored', () => {
    const saving = run(completing, saved('/c/pages/pricing.md'));
    expect(saving.state.work).toBe('fast');
    expect(saving.commands).toEqual([{ type: 'run-fast', paths: ['/c/pages/pricing.md'], served: fast2 }]);
    expect(completionCounts(saving.state, 1)).toBe(false);
    const late = run(saving.state, { type: 'completion-passed', job: 1, build: done2, diagnostics, ms: 5 });
    expect(late.state).toBe(saving.state);
    expect(late.commands).toEqual([]);
    // The newer pages get a completion of their own.
    const next = run(saving.state, fastServed(fast3));
    expect(next.commands[0]).toEqual({ type: 'run-completion', job: 2, base: fast3 });
    expect(run(next.state, { type: 'completion-failed', job: 1, problems: [], ms: 1 }).commands).toEqual([]);
  });

  it('a save while a build runs is queued and built right after, the same file again if it was saved again', () => {
    const building = run(serving, saved('/c/pages/help.md')).state;
    const queued = run(building, saved('/c/pages/help.md', '/c/pages/mcp.md'));
    expect(queued.commands).toEqual([]);
    expect(queued.state).toMatchObject({ work: 'fast', due: 'saves' });
    const after = run(queued.state, fastServed(fast2));
    expect(after.commands).toEqual([
      { type: 'run-fast', paths: ['/c/pages/help.md', '/c/pages/mcp.md'], served: fast2 },
      { type: 'emit', outcome: expect.objectContaining({ phase: 'pages', build: fast2 }) },
    ]);
    // A whole request during a whole build: one more whole build after it.
    const wholeTwice = run(
      INITIAL_STATE,
      { type: 'whole-requested' },
      { type: 'whole-requested' },
      wholePassed(whole1),
    );
    expect(types(wholeTwice.commands)).toEqual(['run-whole', 'run-whole', 'emit full']);
  });

  it('the fast path hands saves beyond page bodies to the whole build', () => {
    const step = run(serving, saved('/c/discovery-resources.yaml'), { type: 'fast-needs-whole' });
    expect(step.state).toMatchObject({ work: 'whole', saved: [], taken: [] });
    expect(step.commands.at(-1)).toEqual({ type: 'run-whole', skipIfInputs: 'inputs-1' });
  });

  it('a save that leaves the pages as served changes nothing and says nothing', () => {
    const step = run(serving, saved('/c/pages/help.md'), { type: 'fast-unchanged', ms: 1 });
    expect(step.state).toMatchObject({ work: 'idle', served: { status: 'complete', build: whole1 } });
    expect(types(step.commands)).toEqual(['run-fast']);
  });
});

describe('the dev session state machine: problems in saved pages', () => {
  const broken = run(completing, saved('/c/pages/help.md'), fastProblems(problem('unknown directive')));

  it('partial → fast path problems → page-problems: the last good build stays, no completion meanwhile', () => {
    expect(broken.state).toMatchObject({
      work: 'idle',
      served: { status: 'page-problems', build: fast2, problems: [problem('unknown directive')] },
      saved: ['/c/pages/help.md'],
    });
    expect(types(broken.commands)).toEqual(['run-fast', 'emit pages']);
  });

  it("the same problems again (chokidar's second look) are not emitted again; other problems are", () => {
    const same = run(broken.state, saved('/c/pages/help.md'), fastProblems(problem('unknown directive')));
    expect(types(same.commands)).toEqual(['run-fast']);
    const other = run(broken.state, saved('/c/pages/help.md'), fastProblems(problem('broken link')));
    expect(types(other.commands)).toEqual(['run-fast', 'emit pages']);
  });

  it('a save of another page reads the broken one again too', () => {
    const step = run(broken.state, saved('/c/pages/mcp.md'));
    expect(step.commands).toEqual([
      { type: 'run-fast', paths: ['/c/pages/help.md', '/c/pages/mcp.md'], served: fast2 },
    ]);
  });

  it('page-problems → fixed → partial: the fix is served, then completed', () => {
    const fixed = run(broken.state, saved('/c/pages/help.md'), fastServed(fast3));
    expect(fixed.state).toMatchObject({ work: 'completing', saved: [], served: { status: 'partial', build: fast3 } });
    expect(types(fixed.commands)).toEqual(['run-fast', 'run-completion', 'emit pages']);
  });

  it('page-problems → back as served → the kept build again: the overlay goes, nothing reloads', () => {
    const back = run(broken.state, saved('/c/pages/help.md'), { type: 'fast-unchanged', ms: 1 });
    expect(back.state.served).toEqual({ status: 'partial', build: fast2 });
    expect(back.commands).toEqual([
      { type: 'run-fast', paths: ['/c/pages/help.md'], served: fast2 },
      { type: 'run-completion', job: 2, base: fast2 },
      { type: 'emit', outcome: expect.objectContaining({ ok: true, phase: 'pages', build: fast2, changed: [] }) },
    ]);
    const overComplete = run(serving, saved('/c/pages/help.md'), fastProblems(problem('x')), saved('/c/pages/help.md'));
    const backToComplete = run(overComplete.state, { type: 'fast-unchanged', ms: 1 });
    expect(backToComplete.state.served).toEqual({ status: 'complete', build: whole1 });
    expect(types(backToComplete.commands)).toEqual(['emit pages']);
  });
});

describe('the dev session state machine: the hosts and the end', () => {
  it('a build the preview hosts refuse → broken; the next save takes the whole build', () => {
    const refused = run(serving, { type: 'hosts-refused', problems: [problem('metadata disagrees')] });
    expect(refused.state.served).toEqual({
      status: 'broken',
      build: whole1,
      problems: [problem('metadata disagrees')],
      inputs: 'inputs-1',
    });
    expect(types(run(refused.state, saved('/c/pages/help.md')).commands)).toEqual(['run-whole']);
    expect(run(INITIAL_STATE, { type: 'hosts-refused', problems: [] }).state).toBe(INITIAL_STATE);
  });

  it('closed: every later event is ignored', () => {
    const closed = run(completing, { type: 'closed' }).state;
    expect(
      run(closed, saved('/c/pages/help.md'), { type: 'completion-passed', job: 1, build: done2, diagnostics, ms: 1 }),
    ).toEqual({ state: closed, commands: [] });
    expect(completionCounts(closed, 1)).toBe(false);
  });
});
