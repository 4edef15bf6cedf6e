// Child process of the dev loop's background completion: runs the whole build (load, registry, every emitter, every
// validator) beside the dev server, so that it keeps answering while this runs. Stays up for the session.
import { runPipeline } from '../../build/pipeline.js';
import { streamDigests, type CompletionAnswer, type CompletionJob } from './background-build.js';

process.on('message', (job: CompletionJob) => {
  void (async (): Promise<CompletionAnswer> => {
    try {
      const result = await runPipeline({ env: 'preview', ...job.options });
      // A build that failed is not served, so its files are not sent.
      const passed = result.artifacts && !result.diagnostics.hasErrors ? result.artifacts : undefined;
      const files: Extract<CompletionAnswer, { ok: true }>['files'] = passed
        ? passed.values().map((a) => [a.entry.host, a.entry.file, a.body])
        : [];
      const streams = passed ? streamDigests(passed) : [];
      return { job: job.job, ok: true, messages: result.diagnostics.list(), files, streams };
    } catch (error) {
      return { job: job.job, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  })().then((answer) => process.send!(answer));
});
// The dev server went away (stopped, or crashed): nothing is left to build for.
process.on('disconnect', () => process.exit(0));
