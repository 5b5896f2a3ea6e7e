// Ignore rules as fd and ripgrep apply them, checked against pi's real find and grep on 120 recorded
// seeded random trees of .gitignore/.ignore/.fdignore/.rgignore files (some with a nested repository).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCodingToolMap, createMemoryFileSystem } from './index.ts';
import { canonicalGrepText } from './testing/run-call.ts';

interface Outcome { text: string; isError: boolean }
const recording = JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures/coding-tools/ignore.recording.json'), 'utf8')) as {
  fd: string; rg: string; trees: { files: Record<string, string>; search: string; find: Outcome; grep: Outcome }[];
};

// fd sorts only when its walk is quick; under load it streams, so find results are compared as sets.
const lines = (t: string) => t.split('\n').sort().join('\n');

describe(`ignore rules (recorded with ${recording.fd}, ${recording.rg})`, () => {
  it(`find and grep see the same files as pi in ${recording.trees.length} random trees`, async () => {
    const disagreements: string[] = [];
    for (const tree of recording.trees) {
      const tools = createCodingToolMap(createMemoryFileSystem(tree.files, { cwd: '/' }));
      const run = (name: 'find' | 'grep', args: object): Promise<Outcome> => tools[name].execute('c', args).then(
        (r) => ({ text: (r.content[0] as { text: string }).text, isError: false }),
        (e: Error) => ({ text: e.message, isError: true }),
      );
      const find = await run('find', { pattern: '*', path: tree.search });
      const grep = await run('grep', { pattern: 'foo', path: tree.search });
      if (lines(find.text) !== lines(tree.find.text) || find.isError !== tree.find.isError) {
        disagreements.push(`find in ${tree.search} of ${JSON.stringify(tree.files)}: pi ${JSON.stringify(tree.find.text)}, ours ${JSON.stringify(find.text)}`);
      }
      if (canonicalGrepText(grep.text) !== canonicalGrepText(tree.grep.text) || grep.isError !== tree.grep.isError) {
        disagreements.push(`grep in ${tree.search} of ${JSON.stringify(tree.files)}: pi ${JSON.stringify(tree.grep.text)}, ours ${JSON.stringify(grep.text)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
