// Runs synchronous work (a parse, a render) under a time budget that really stops it: a parser caught in superlinear
// input cannot be waited out, so the work runs as a vm script with a timeout, which V8 interrupts from a watchdog.
import vm from 'node:vm';

/** Thrown when the work passed its budget; the work was interrupted where it stood. */
export class TimeBudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`stopped after ${budgetMs} ms`);
  }
}

// One context for every call: making a context costs about a millisecond, running a script in it a few microseconds.
const sandbox = vm.createContext({ job: undefined as (() => unknown) | undefined });
const runJob = new vm.Script('job()');

/** Runs `job` and returns what it returns; throws TimeBudgetExceeded after `ms`, and whatever `job` throws. */
export function withinTimeBudget<T>(ms: number, job: () => T): T {
  const slot = sandbox as { job?: () => unknown };
  const outer = slot.job;
  slot.job = job;
  try {
    return runJob.runInContext(sandbox, { timeout: ms }) as T;
  } catch (error) {
    if ((error as { code?: string } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeBudgetExceeded(ms);
    throw error;
  } finally {
    slot.job = outer;
  }
}
