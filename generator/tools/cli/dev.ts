// `npm run dev`: live preview for editors. Builds, serves the preview hosts, rebuilds on each save, reloads pages.
import { DEFAULT_CACHE_DIR } from '../../build/files/project-paths.js';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommandLine, portOption, usageMistake, runCommand } from './args.js';
import { terminal } from '../terminal/terminal.js';
import { plural } from '../terminal/plural.js';
import type { BuildOutcome } from '../dev/dev-session.js';
import type { DevReportState } from '../dev/dev-server.js';

const HELP = `Usage: npm run dev -- [--port N] [--host ADDR] [--open] [--content DIR] [--no-write]

Builds the content for the preview environment, serves the site, the pricing API, the MCP server and
the authorization server on the preview ports (4100-4103 unless content/service.yaml says otherwise;
--port moves the site), watches content/ and schemas/, rebuilds after every save and reloads the open
pages. A content error is printed here and shown over the page with file, line and message; the last
good build stays served until the error is fixed. The latest good build is kept in dist-preview/
(only changed files are written) unless --no-write is given. Stop with Ctrl-C.

  --host ADDR   the IP address to listen on (default 127.0.0.1, this machine only); 0.0.0.0 lets other
                devices of the network open the preview (its authorization server approves everyone)
  --open        open the site in the browser once it is served

Exit codes: 0 stopped with Ctrl-C, 1 could not start (a port in use, for instance), 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let values;
  try {
    values = parseCommandLine({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        open: { type: 'boolean', default: false },
        content: { type: 'string' },
        'no-write': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  let port: number | undefined;
  try {
    port = values.port === undefined ? undefined : portOption('port', values.port);
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (values.host !== undefined && isIP(values.host) === 0) {
    return usageMistake(`--host must be an IP address (127.0.0.1, 0.0.0.0, ::1…), not "${values.host}".`, HELP);
  }
  const term = terminal(process.stderr);
  const contentDir = values.content ? resolve(values.content) : undefined;
  term.progress('Building the preview…');
  const { startDevServer } = await import('../dev/dev-server.js');
  let server;
  try {
    server = await startDevServer({
      // The schemas belong to the generator, not to a content folder: the project's, whatever --content says.
      contentDir,
      ports: port === undefined ? undefined : { base_url: port },
      outDir: values['no-write'] ? false : undefined,
      cacheDir: DEFAULT_CACHE_DIR,
      report: (outcome, session) => report(outcome, session, term),
      host: values.host,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A port in use is the usual reason: which flag moves which host.
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    process.stderr.write(
      inUse
        ? `${term.red('Could not start:')} a port is in use (${message}). Stop the other server, or give the site another port with --port N (the API, MCP and authorization hosts take the preview ports of content/service.yaml).\n`
        : `${term.red('Could not start:')} ${message}\n`,
    );
    return 1;
  }
  // Listening before it says how to stop it: a signal sent as soon as that is read must stop it cleanly.
  const stopped = new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const a = server.addresses;
  process.stdout.write(
    `\n  Site               ${term.bold(a.base_url)}\n  Pricing API        ${a.api_url}\n  MCP server         ${a.mcp_url}/mcp\n  Authorization      ${a.auth_url}\n\n  Watching content/ and schemas/. Ctrl-C to stop.\n\n`,
  );
  if (values.host !== undefined && !isLoopback(values.host)) {
    process.stderr.write(
      `${term.yellow('Listening beyond this machine:')} anyone who reaches ${values.host} sees the preview, and its authorization server approves every request.\n`,
    );
  }
  if (values.open) {
    // The browser is the editor's: if it cannot be started, the addresses above still are.
    const { default: open } = await import('open');
    await open(a.base_url).catch((error: unknown) =>
      process.stderr.write(
        `Could not open a browser (${error instanceof Error ? error.message : String(error)}): open ${a.base_url}\n`,
      ),
    );
  }
  await stopped;
  await server.close();
  process.stdout.write('Stopped: the preview hosts are closed.\n');
  return 0;
}

function report(outcome: BuildOutcome, session: DevReportState, term: ReturnType<typeof terminal>): void {
  const time = new Date().toTimeString().slice(0, 8);
  if (outcome.ok && session.problems.length === 0) {
    const w = outcome.written;
    const files = w ? `, ${plural(w.written, 'file')} written${w.removed ? `, ${w.removed} removed` : ''}` : '';
    const what =
      outcome.phase === 'pages' && outcome.changed?.length === 0
        ? `the saved pages are as build #${outcome.build.id} serves them`
        : outcome.phase === 'pages'
          ? `${pagesOf(outcome.changed ?? [])} served in ${outcome.ms} ms (build #${outcome.build.id}); completing the build in the background…`
          : outcome.phase === 'complete'
            ? `build #${outcome.build.id} completed in ${outcome.ms} ms${files}`
            : `build #${outcome.build.id} in ${outcome.ms} ms${files}`;
    process.stderr.write(`${term.dim(time)} ${term.green('✓')} ${what}\n`);
    return;
  }
  const report = outcome.ok ? '' : (outcome.diagnostics?.report({ color: process.stderr.isTTY === true }) ?? '');
  if (report) process.stderr.write(`${report}\n`);
  else
    for (const p of session.problems)
      process.stderr.write(`${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''} ${p.reason} [${p.ruleId}]\n`);
  const still = session.servedBuild ? `still serving build #${session.servedBuild}` : 'nothing to serve yet';
  process.stderr.write(
    `${term.dim(time)} ${term.red('✗')} ${plural(session.problems.length, 'error')}; ${still}. Fix and save: no restart needed.\n`,
  );
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

function pagesOf(entries: { page?: string }[]): string {
  const pages = [...new Set(entries.flatMap((e) => (e.page ? [e.page] : [])))];
  return pages.map((p) => `pages/${p}.md`).join(', ');
}

runCommand(main);
