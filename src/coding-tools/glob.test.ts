// fd's glob matching, checked against pi's real find tool on 400 recorded generated patterns: byte-wise
// `?` and classes, ASCII-only smart case, braces, `**`, escapes, globset's errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGlob } from './glob.ts';
import { createCodingToolMap, createMemoryFileSystem } from './index.ts';

const recording = JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures/coding-tools/globs.recording.json'), 'utf8')) as {
  fd: string; files: string[]; cases: { pattern: string; text: string; isError: boolean }[];
};

describe('globs', () => {
  it(`find answers as pi does with ${recording.fd} for ${recording.cases.length} generated patterns`, async () => {
    const fs = createMemoryFileSystem(Object.fromEntries(recording.files.map((f) => [f, 'x\n'])));
    const tools = createCodingToolMap(fs);
    const disagreements: string[] = [];
    for (const c of recording.cases) {
      const ours = await tools.find.execute('f', { pattern: c.pattern }).then(
        (r) => ({ text: (r.content[0] as { text: string }).text, isError: false }),
        (e: Error) => ({ text: e.message, isError: true }),
      );
      if (ours.text !== c.text || ours.isError !== c.isError) disagreements.push(`${c.pattern}\n  fd:   ${JSON.stringify(c.text)}\n  ours: ${JSON.stringify(ours.text)}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('matches bytes as globset does: one `?` is one byte, a lowercase pattern folds ASCII only', () => {
    const glob = (g: string, caseInsensitive = false) => {
      const c = compileGlob(g, { caseInsensitive });
      if (!c.ok) throw new Error(c.message);
      return c.test;
    };
    expect(glob('?.txt')('é.txt')).toBe(false);
    expect(glob('??.txt')('é.txt')).toBe(true);
    expect(glob('[é].txt')('é.txt')).toBe(false);
    expect(glob('[é]*')('ü.md')).toBe(true);
    expect(glob('readme*', true)('README.md')).toBe(true);
    expect(glob('é*', true)('É')).toBe(false);
    expect(glob('*.{ts,js}')('a.js')).toBe(true);
    expect(glob('src/**/*.ts')('src/a/b/c.ts')).toBe(true);
    expect(glob('\\*.md')('*.md')).toBe(true);
  });
});
