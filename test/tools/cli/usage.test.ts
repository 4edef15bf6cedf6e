// Every command answers a usage mistake the same way: exit 2, what was wrong in plain words, then its usage.
import { describe, expect, it } from 'vitest';
import { IO_CONCURRENCY, mapLimit } from '../../../generator/build/files/map-limit.js';
import { runCommand } from '../../helpers/run-command.js';

/**
 * What a command may load before it knows its arguments are good: the command line, the compile check, paths and the
 * terminal's colours, check's defaults; never a stage of the build, a server or a report.
 */
const LIGHT =
  /^generator\/(tools\/(cli|compile|terminal)\/|tools\/report\/check-defaults\.ts$|build\/files\/(project-paths|compile-manifest)\.ts$)/;

/** Each command with a mistake of its own besides the unknown option: a bad value, a missing or extra argument. */
const MISTAKES: [command: string, script: string, args: string[], says: RegExp][] = [
  ['build', 'build', ['--nope'], /^Unknown option --nope\./],
  ['build', 'build', ['--env', 'staging'], /--env must be "production" or "preview", not "staging"/],
  [
    'build',
    'build',
    ['--out', '-x'],
    /^Option --out needs a value; one that starts with a dash is written --out=<value>\./,
  ],
  ['validate', 'validate', ['--nope'], /^Unknown option --nope\./],
  ['validate', 'validate', ['a', 'b'], /one folder/],
  ['check', 'check', ['--nope'], /^Unknown option --nope\./],
  ['check', 'check', ['--base', 'main', '--screenshots', 'many'], /--screenshots must be/],
  ['verify', 'verify', ['--nope'], /^Unknown option --nope\./],
  ['verify', 'verify', ['http://localhost:4100', '--env', 'staging'], /--env must be/],
  ['verify', 'verify', ['http://localhost:4100', '--token', 't', '--preview-auth'], /not both/],
  ['dev', 'dev', ['--nope'], /^Unknown option --nope\./],
  ['dev', 'dev', ['--port'], /^Option --port needs a value\./],
  ['preview', 'preview', ['--nope'], /^Unknown option --nope\./],
  ['preview', 'preview', ['--site-port', '99999'], /--site-port must be a port number/],
  ['token', 'token', ['--nope'], /^Unknown option --nope\./],
  ['token', 'token', ['--mcp-url', 'javascript:x'], /^--mcp-url must be an http or https origin/],
  ['token', 'token', ['--auth-url', 'http://[::1'], /^--auth-url must be an http or https origin/],
  ['token', 'token', ['--mcp-url', 'http://localhost:4102/mcp'], /^--mcp-url must be an http or https origin/],
  ['docs', 'docs', ['--nope'], /^Unknown option --nope\./],
  ['conformance', 'conformance', ['--nope'], /^Unknown option --nope\./],
  ['bundle:edge', 'bundle-edge', ['--nope'], /^Unknown option --nope\./],
  ['new', 'new', ['--nope'], /^Unknown option --nope\./],
  ['new', 'new', ['pge', 'x'], /neither page nor section/],
];

describe('usage mistakes, in every command', () => {
  it('exit 2 with the mistake in plain words, then the usage line', async () => {
    const results = await mapLimit(MISTAKES, Math.min(IO_CONCURRENCY, 4), async ([, script, args]) =>
      runCommand(script, args, { trace: true }),
    );
    const seen = MISTAKES.map(([command, , args, says], i) => {
      const { code, stderr, modules } = results[i]!;
      return {
        mistake: `${command} ${args.join(' ')}`,
        code,
        says: says.test(stderr),
        usage: stderr.includes(`Usage: npm run ${command === 'token' ? '-s token' : command}`),
        raw: /To specify a positional argument|ERR_PARSE_ARGS|at .*\.ts:\d+/.test(stderr),
        heavy: modules.filter((m) => !LIGHT.test(m)),
      };
    });
    expect(seen).toEqual(
      MISTAKES.map(([command, , args]) => ({
        mistake: `${command} ${args.join(' ')}`,
        code: 2,
        says: true,
        usage: true,
        raw: false,
        heavy: [],
      })),
    );
  }, 240_000);
});
