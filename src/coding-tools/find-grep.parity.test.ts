// Differential tests for find and grep: pi 0.85.1's real tools need fd and ripgrep, so their answers were
// recorded (tests/fixtures/coding-tools/record-find-grep.mjs, with the fd and rg versions named in the
// recording) and ours run live on the same trees in the memory filesystem.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateToolArguments } from '@earendil-works/pi-ai';
import { describe, expect, it } from 'vitest';
import { createCodingToolMap, createMemoryFileSystem } from './index.ts';
import { canonicalGrepText, mapStrings, runToolCall, type CallOutcome, type Validate } from './testing/run-call.ts';

interface Spec {
  trees: Record<string, Record<string, string>>;
  cases: { name: string; tree: string; tool: 'find' | 'grep'; args: unknown; compare: 'exact' | 'grep' | 'shape' | 'reference'; reference?: { text: string; isError: boolean } }[];
}
interface Recording { fd: string; rg: string; results: Record<string, CallOutcome> }

const dir = join(process.cwd(), 'tests/fixtures/coding-tools');
const spec = JSON.parse(readFileSync(join(dir, 'find-grep-cases.json'), 'utf8')) as Spec;
const recording = JSON.parse(readFileSync(join(dir, 'find-grep.recording.json'), 'utf8')) as Recording;
const validate = validateToolArguments as unknown as Validate;

function filesOf(tree: Record<string, string>): Record<string, string | Uint8Array> {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [
    `/workspace/${k}`,
    v.startsWith('base64:') ? Uint8Array.from(Buffer.from(v.slice(7), 'base64')) : v,
  ]));
}

const text = (o: CallOutcome) => (o.content[0] as { text: string }).text;
const shape = (t: string) => {
  const [body, notice] = t.split('\n\n[');
  return { lines: body.split('\n').length, notice };
};

describe(`find and grep answer as pi 0.85.1 does (recorded with ${recording.fd}, ${recording.rg})`, () => {
  it('has a recording for every case', () => {
    expect(Object.keys(recording.results).sort()).toEqual(spec.cases.map((c) => c.name).sort());
  });
  for (const c of spec.cases) {
    it(c.name, async () => {
      const fs = createMemoryFileSystem(filesOf(spec.trees[c.tree]), { cwd: '/workspace' });
      const tools = createCodingToolMap(fs);
      const ours = await runToolCall(tools[c.tool], mapStrings(c.args, '$ROOT', ''), validate);
      const theirs = recording.results[c.name];
      if (c.compare === 'reference') {
        expect({ text: text(ours), isError: ours.isError }).toEqual({ text: c.reference!.text, isError: c.reference!.isError });
        return;
      }
      expect(ours.isError).toBe(theirs.isError);
      if (c.compare === 'shape') {
        expect(shape(text(ours))).toEqual(shape(text(theirs)));
        return;
      }
      if (c.compare === 'grep') {
        expect(canonicalGrepText(text(ours))).toBe(canonicalGrepText(text(theirs)));
      } else {
        expect(text(ours)).toBe(text(theirs));
      }
      expect(JSON.parse(JSON.stringify(ours.details ?? null))).toEqual(theirs.details ?? null);
    });
  }
});
