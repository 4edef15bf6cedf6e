// The commands as npm runs them: each script of package.json that starts a compiled entry point, `node [flags]
// compiled/….js`. package.json is where a command's Node flags are written: whatever starts a command the way npm
// does (the benchmark's whole-process runs and the children that stand for a build) takes them from here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';

export interface NpmCommand {
  /** The script's name (`build`, `dev`, …). */
  name: string;
  /** The flags given to Node before the entry point (`--initial-old-space-size=128`). */
  flags: string[];
  /** The compiled entry point, relative to the project's root. */
  entry: string;
}

const COMMAND = /^node((?: --[\w-]+(?:=\S+)?)*) (compiled\/\S+\.js)$/;

/** Every script of the project's package.json that runs a compiled entry point, in the file's order. */
export function npmCommands(root = PROJECT_ROOT): NpmCommand[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return Object.entries(scripts).flatMap(([name, script]) => {
    const match = COMMAND.exec(script);
    return match ? [{ name, flags: match[1]!.split(' ').filter(Boolean), entry: match[2]! }] : [];
  });
}

/** The Node flags npm starts the command `name` with; none for a script that is not a compiled command. */
export function nodeFlagsOf(name: string, root = PROJECT_ROOT): string[] {
  return npmCommands(root).find((command) => command.name === name)?.flags ?? [];
}
