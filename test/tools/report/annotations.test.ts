import { describe, expect, it } from 'vitest';
import { workflowCommands } from '../../../generator/tools/report/annotations.js';
import type { Finding } from '../../../generator/tools/report/run-check.js';

const finding = (f: Partial<Finding>): Finding => ({
  severity: 'error',
  stage: 'load',
  ruleId: 'unknown-directive',
  file: 'content/pages/help.md',
  reason: 'Unknown directive `::scopez`.',
  ...f,
});

describe('workflowCommands', () => {
  it('makes each finding an annotation at its file, line and column', () => {
    expect(workflowCommands([finding({ line: 6, column: 1 }), finding({ severity: 'warning', line: 2 })])).toBe(
      '::error file=content/pages/help.md,line=6,col=1,title=unknown-directive (load)::Unknown directive `::scopez`.\n' +
        '::warning file=content/pages/help.md,line=2,title=unknown-directive (load)::Unknown directive `::scopez`.\n',
    );
  });

  it('puts a finding about a built file on the content file it was made from, naming the built file', () => {
    const line = workflowCommands([
      finding({
        stage: 'validate',
        ruleId: 'unpublished-interface',
        file: 'dist/docs.html',
        line: 12,
        column: 5,
        reason: 'Names a webhook API.',
        source: { file: 'content/pages/docs.md', line: 1 },
      }),
    ]);
    expect(line).toBe(
      '::error file=content/pages/docs.md,line=1,title=unpublished-interface (validate)::dist/docs.html:12:5: Names a webhook API.\n',
    );
  });

  it('escapes what would end a property or the message, and leaves out a file that is not one', () => {
    const line = workflowCommands([finding({ file: '(build)', stage: 'a,b:c', reason: '100% sure\nsecond line\r' })]);
    expect(line).toBe('::error title=unknown-directive (a%2Cb%3Ac)::100%25 sure%0Asecond line%0D\n');
    expect(line.split('\n')).toHaveLength(2);
  });
});
