// Notes which rule ids are raised, when the test suite asks (RAISED_RULES_DIR), so it can check that every rule of the
// catalog is raised by some test. Off otherwise: one environment lookup per message.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { RuleId } from './rules.js';

/** The folder the test suite names: each process (and worker thread) appends the ids it raised to a file of its own. */
export const RAISED_RULES_DIR = 'RAISED_RULES_DIR';

const noted = new Set<string>();

/** Called for every message raised, whoever makes it (`Diagnostics`, and the few messages made without one). */
export function noteRaised(ruleId: RuleId): void {
  const dir = process.env[RAISED_RULES_DIR];
  if (!dir || noted.has(ruleId)) return;
  noted.add(ruleId);
  try {
    appendFileSync(join(dir, `${process.pid}-${threadId}.txt`), `${ruleId}\n`);
  } catch {
    // The folder is gone (a test process outliving its run): nothing to record into.
  }
}
