// `npm run ready`: the deploy-readiness check the deploy steps and publishing workflows run after `npm run build`.
// It refuses a production identity that is still the example, then validates the built tree for production.
import { join, resolve } from 'node:path';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommonArgs, UsageError, runCommand } from './args.js';

const HELP = `Usage: npm run ready -- [DIR] [--content DIR]

Says whether a production build may be deployed. Run it after \`npm run build\`, before uploading:
  - the production identity must not be the example one the project ships with (reserved example domains
    such as example.com, the example names, the example notice in content/service.yaml);
  - DIR (default dist) must be a valid production tree, as \`npm run validate\` judges it.
When the content names nginx among its deployment targets, it then writes nginx's copy of the page contexts (one
file per site path) to DIR-hosts/nginx/page-context/, the folder nginx.conf's $discovery_site_page_contexts names.

Exit codes: 0 ready to deploy, 1 not ready (the reason is printed), 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let options;
  try {
    options = parseCommonArgs(process.argv.slice(2));
    if (options.env !== 'production') throw new UsageError('Only a production build is deployed: drop --env.');
    if (options.positionals.length > 1) throw new UsageError('Give one folder to check.');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const [{ loadModel }, { exampleIdentityFindings, exampleIdentityReport }, { validateBuiltTree }, nginx] =
    await Promise.all([
      import('../../build/project.js'),
      import('../../build/content/example-identity.js'),
      import('../../build/validate-built.js'),
      import('../../build/write/nginx-page-contexts.js'),
    ]);
  const contentDir = options.contentDir ? resolve(options.contentDir) : undefined;
  const model = await loadModel({ env: 'production', contentDir });
  if (!model) {
    process.stderr.write('Not ready to deploy: the content does not load; run `npm run build` to see why.\n');
    return 1;
  }
  const findings = exampleIdentityFindings(model);
  if (findings.length > 0) {
    process.stderr.write(`Not ready to deploy [example-identity]. ${exampleIdentityReport(findings)}\n`);
    return 1;
  }
  const dir = options.positionals[0] ?? options.outDir;
  const result = await validateBuiltTree({ dir: resolve(dir), display: dir, env: 'production', contentDir });
  if (result.diagnostics.hasErrors) {
    process.stderr.write(`${result.diagnostics.report({ color: process.stderr.isTTY === true })}\n`);
    process.stderr.write(`Not ready to deploy: ${dir} is not a valid production build (npm run build).\n`);
    return 1;
  }
  process.stdout.write(
    `Ready to deploy: ${dir} (${result.files} files) is a valid production build of a real identity.\n`,
  );
  if (model.deployTargets.some((t) => t.platform === 'nginx')) {
    const folder = join(`${dir}-hosts`, nginx.NGINX_PAGE_CONTEXT_FOLDER);
    const written = await nginx.writeNginxPageContexts(resolve(dir), resolve(folder));
    if (written)
      process.stdout.write(
        `For nginx: ${written.files} page contexts, one file each, in ${folder}/ (copy it where nginx.conf's $${nginx.CONTEXTS_VARIABLE} points).\n`,
      );
  }
  return 0;
}

runCommand(main);
