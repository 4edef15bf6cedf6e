// The llms validators: each rejects what it must, at the place in the emitted file, and accepts the shipped files.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LLMS_TXT_MAX_CHARS,
  llmsLinks,
  llmsSize,
  llmsStructure,
} from '../../../../generator/build/emit/guidance/validate-llms.js';
import { emitLlmsRoot } from '../../../../generator/build/emit/guidance/llms-root.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import { plainParser } from '../../../../generator/build/render/processor.js';
import { ArtifactSet, type Validator, type ValidateContext } from '../../../../generator/build/registry/types.js';
import { loadShipped, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

/** Runs one validator on a text posing as /llms.txt, with every other registry entry emitted (or only those given). */
function check(validator: Validator, text: string, emitted = loaded.registry.entries) {
  const artifacts = new ArtifactSet();
  for (const entry of emitted) artifacts.set({ entry, body: '' });
  const entry = loaded.registry.get('/llms.txt')!;
  const artifact = { entry, body: text };
  artifacts.set(artifact);
  const diagnostics = new Diagnostics();
  const context: ValidateContext = {
    model: loaded.model,
    registry: loaded.registry,
    diagnostics,
    artifacts,
    displayPath: (e) => `dist/${e.file}`,
  };
  validator(artifact, context);
  return diagnostics.list().map(({ file, line, column, ruleId }) => ({ file, line, column, ruleId }));
}

const base = () => loaded.model.addresses.base_url;

describe('llmsStructure', () => {
  it('accepts the shipped root index', () => {
    expect(check(llmsStructure, String(emitLlmsRoot(loaded.registry.get('/llms.txt')!, loaded.context())))).toEqual([]);
  });

  it('rejects a file that does not start with an H1', () => {
    expect(check(llmsStructure, 'Intro.\n\n# Title\n')).toEqual([
      { file: 'dist/llms.txt', line: 1, column: 1, ruleId: 'llms-structure' },
      { file: 'dist/llms.txt', line: 3, column: 1, ruleId: 'llms-structure' },
    ]);
  });

  it('rejects a second H1 and an H3', () => {
    const found = check(llmsStructure, `# T\n\n## S\n\n- [a](${base()}/)\n\n# Again\n\n### Deep\n`);
    expect(found.map((f) => [f.line, f.ruleId])).toEqual([
      [7, 'llms-structure'],
      [9, 'llms-structure'],
    ]);
  });

  it('rejects prose and non-link items inside an H2 section', () => {
    const found = check(
      llmsStructure,
      `# T\n\n## S\n\nSome prose.\n\n- plain item\n- [a](${base()}/) no colon\n- [b](${base()}/): fine\n`,
    );
    expect(found.map((f) => f.line)).toEqual([5, 7, 8]);
  });

  describe('bare web addresses and strikethrough (links and deletions to GFM, text to the fast path)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('judges the shipped root index, which has bare addresses in its prose, without the reference parser', () => {
      const reference = vi.spyOn(plainParser, 'parse');
      const text = String(emitLlmsRoot(loaded.registry.get('/llms.txt')!, loaded.context()));
      expect(text).toMatch(/ https:\/\/www\./);
      expect(check(llmsStructure, text)).toEqual([]);
      expect(reference).not.toHaveBeenCalled();
    });

    it('accepts them in notes and prose, without the reference parser', () => {
      const reference = vi.spyOn(plainParser, 'parse');
      const text = `# T\n\nSee www.example.com or https://x.example/a_b_ and ~~old~~ me@x.example.\n\n## S\n\n- [a](${base()}/): at https://x.example/_y z_ ~~not~~ www.b.example\n`;
      expect(check(llmsStructure, text)).toEqual([]);
      expect(reference).not.toHaveBeenCalled();
    });

    it('accepts an item that is a bare address, which GFM reads as a link (the reference parser decides)', () => {
      expect(check(llmsStructure, `# T\n\n## S\n\n- ${base()}/docs\n- www.example.com\n`)).toEqual([]);
    });

    it('rejects an item whose link is struck through, or followed by an address without a colon', () => {
      const found = check(llmsStructure, `# T\n\n## S\n\n- ~~[a](${base()}/)~~\n- [b](${base()}/)https://x.example/\n`);
      expect(found.map((f) => [f.line, f.ruleId])).toEqual([
        [5, 'llms-structure'],
        [6, 'llms-structure'],
      ]);
    });
  });

  it('allows a blockquote and prose lists before the first H2', () => {
    expect(check(llmsStructure, `# T\n\n> Summary.\n\n- a rule\n\n## S\n\n- [a](${base()}/)\n`)).toEqual([]);
  });
});

describe('llmsLinks', () => {
  it('rejects a relative link', () => {
    expect(check(llmsLinks, '# T\n\n## S\n\n- [a](/mcp.md)\n')).toEqual([
      { file: 'dist/llms.txt', line: 5, column: '- [a]('.length + 1, ruleId: 'llms-relative-link' },
    ]);
  });

  it('rejects a site link to a path the registry does not have', () => {
    expect(check(llmsLinks, `# T\n\n## S\n\n- [a](${base()}/nowhere.md)\n`)).toMatchObject([
      { line: 5, ruleId: 'llms-unresolved-link' },
    ]);
  });

  it('checks autolinks too, at the URL', () => {
    expect(check(llmsLinks, `# T\n\nSource: <${base()}/gone.md>\n`)).toEqual([
      { file: 'dist/llms.txt', line: 3, column: 'Source: <'.length + 1, ruleId: 'llms-unresolved-link' },
    ]);
  });

  it('rejects a site link to a registry entry that was not emitted', () => {
    const emitted = loaded.registry.entries.filter((e) => e.path !== '/mcp.md');
    expect(check(llmsLinks, `# T\n\n## S\n\n- [a](${base()}/mcp.md)\n`, emitted)).toMatchObject([
      { ruleId: 'llms-unresolved-link' },
    ]);
  });

  it('accepts links to emitted files and to other hosts', () => {
    const text = `# T\n\n## S\n\n- [a](${base()}/mcp.md)\n- [b](${loaded.model.addresses.mcp_url}/mcp)\n`;
    expect(check(llmsLinks, text)).toEqual([]);
  });
});

describe('llmsSize', () => {
  it(`rejects an llms.txt above ${LLMS_TXT_MAX_CHARS} characters and accepts one at the limit`, () => {
    const head = '# T\n\n';
    expect(check(llmsSize, head + 'x'.repeat(LLMS_TXT_MAX_CHARS - head.length))).toEqual([]);
    expect(check(llmsSize, head + 'x'.repeat(LLMS_TXT_MAX_CHARS - head.length + 1))).toEqual([
      { file: 'dist/llms.txt', line: undefined, column: undefined, ruleId: 'llms-too-large' },
    ]);
  });
});
