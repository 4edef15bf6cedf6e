// Worker thread of the dev loop's background completion: runs the whole build (load, registry, every emitter, every
// validator) off the main thread, so the dev server keeps answering while it runs. Stays up for the session.
import { parentPort } from 'node:worker_threads';
import { runPipeline } from '../pipeline.js';
import type { CompletionAnswer, CompletionJob } from './background-build.js';

parentPort!.on('message', (job: CompletionJob) => {
  void (async (): Promise<CompletionAnswer> => {
    try {
      const result = await runPipeline({ env: 'preview', ...job.options });
      // A build that failed is not served, so its files are not sent.
      const files: Extract<CompletionAnswer, { ok: true }>['files'] = result.artifacts && !result.diagnostics.hasErrors
        ? result.artifacts.values().map((a) => [a.entry.host, a.entry.file, a.body])
        : [];
      return { job: job.job, ok: true, messages: result.diagnostics.list(), files };
    } catch (error) {
      return { job: job.job, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  })().then((answer) => parentPort!.postMessage(answer));
});
