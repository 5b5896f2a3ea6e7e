// Differential tests: read, write, edit and ls from pi-coding-agent 0.85.1 run on a temp directory, ours on
// the memory filesystem; what the model gets back (content, isError, details) and the files left behind
// must be identical once the temp directory is written as the virtual root.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { validateToolArguments } from '@earendil-works/pi-ai';
import * as piTools from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentTool } from '../engine/index.ts';
import { createCodingToolMap, createMemoryFileSystem, type FileSystem } from './index.ts';
import { liveCases, type ParityCase } from './testing/live-cases.ts';
import { mapStrings, runToolCall, type CallOutcome, type Validate } from './testing/run-call.ts';

const validate = validateToolArguments as unknown as Validate;
const CWD = '/workspace';
const HOME = '/home/user';
let scratch: string;
const savedHome = process.env.HOME;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'pi-tools-parity-'));
});
afterAll(() => {
  process.env.HOME = savedHome;
  rmSync(scratch, { recursive: true, force: true });
});

const virtualPath = (key: string) => (key.startsWith('/') ? key : `${CWD}/${key}`);

async function runPi(c: ParityCase, index: number): Promise<{ outcomes: CallOutcome[]; after: Record<string, string | null> }> {
  const root = join(scratch, `case-${index}`);
  mkdirSync(root + CWD, { recursive: true });
  mkdirSync(root + HOME, { recursive: true });
  for (const dir of c.dirs ?? []) mkdirSync(root + virtualPath(dir), { recursive: true });
  for (const [key, content] of Object.entries(c.files ?? {})) {
    const file = root + virtualPath(key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  // pi expands `~` with os.homedir(), which reads $HOME on every call.
  process.env.HOME = root + HOME;
  const tools = {
    read: piTools.createReadTool(root + CWD),
    write: piTools.createWriteTool(root + CWD),
    edit: piTools.createEditTool(root + CWD),
    ls: piTools.createLsTool(root + CWD),
  } as unknown as Record<string, AgentTool<any>>;
  const call = (spec: ParityCase['calls'][number]) => runToolCall(tools[spec.tool], mapStrings(spec.args, '$ROOT', root), validate);
  const outcomes = c.parallel ? await Promise.all(c.calls.map(call)) : await sequence(c.calls, call);
  const after: Record<string, string | null> = {};
  for (const key of c.after ?? []) {
    try {
      after[key] = readFileSync(root + virtualPath(key)).toString('base64');
    } catch {
      after[key] = null;
    }
  }
  return { outcomes: mapStrings(outcomes, root, ''), after };
}

async function runOurs(c: ParityCase): Promise<{ outcomes: CallOutcome[]; after: Record<string, string | null> }> {
  const files: Record<string, string | Uint8Array> = { [`${HOME}/`]: '' };
  for (const dir of c.dirs ?? []) files[`${virtualPath(dir)}/`] = '';
  for (const [key, content] of Object.entries(c.files ?? {})) files[virtualPath(key)] = content;
  const fs: FileSystem = createMemoryFileSystem(files, { cwd: CWD });
  const tools = createCodingToolMap(fs, { home: HOME });
  const call = (spec: ParityCase['calls'][number]) => runToolCall(tools[spec.tool], mapStrings(spec.args, '$ROOT', ''), validate);
  const outcomes = c.parallel ? await Promise.all(c.calls.map(call)) : await sequence(c.calls, call);
  const after: Record<string, string | null> = {};
  for (const key of c.after ?? []) {
    after[key] = await fs.readFile(virtualPath(key)).then((b) => Buffer.from(b).toString('base64'), () => null);
  }
  return { outcomes, after };
}

async function sequence<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

// Rebuilds plain objects so undefined-valued keys compare the same on both sides.
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v ?? null));

describe('read, write, edit and ls answer exactly as pi 0.85.1 does', () => {
  liveCases.forEach((c, index) => {
    it(c.name, async () => {
      const expected = await runPi(c, index);
      const actual = await runOurs(c);
      expect(plain(actual.outcomes)).toEqual(plain(expected.outcomes));
      expect(actual.after).toEqual(expected.after);
    });
  });
});

describe('declarations match pi 0.85.1', () => {
  const ours = createCodingToolMap(createMemoryFileSystem());
  const theirs: Record<string, AgentTool<any>> = {
    read: piTools.createReadTool('/w'), write: piTools.createWriteTool('/w'), edit: piTools.createEditTool('/w'),
    ls: piTools.createLsTool('/w'), find: piTools.createFindTool('/w'), grep: piTools.createGrepTool('/w'),
  } as never;
  const declaration = (t: AgentTool<any>) => ({
    keys: Object.keys(t).sort(), name: t.name, label: t.label, description: t.description,
    parameters: JSON.stringify(t.parameters), constrainedSampling: t.constrainedSampling,
    hasPrepare: typeof t.prepareArguments === 'function', executionMode: t.executionMode,
  });
  for (const name of ['read', 'write', 'edit', 'ls', 'find', 'grep'] as const) {
    it(`${name}: same name, label, description, schema and hints`, () => {
      expect(declaration(ours[name])).toEqual(declaration(theirs[name]));
    });
  }

  it('experimental mode adds the strict-sampling hint to read, write and edit, as PI_EXPERIMENTAL=1 does', () => {
    process.env.PI_EXPERIMENTAL = '1';
    try {
      const pi = [piTools.createReadTool('/w'), piTools.createWriteTool('/w'), piTools.createEditTool('/w'), piTools.createLsTool('/w')];
      const mine = createCodingToolMap(createMemoryFileSystem(), { experimental: true });
      expect(['read', 'write', 'edit', 'ls'].map((n) => mine[n as 'read'].constrainedSampling))
        .toEqual(pi.map((t) => (t as unknown as AgentTool).constrainedSampling));
    } finally {
      delete process.env.PI_EXPERIMENTAL;
    }
  });

  it('edit prepareArguments rewrites arguments as pi does, in place where pi mutates', () => {
    const inputs = [
      { path: 'a', edits: '[{"oldText":"x","newText":"y"}]' },
      { path: 'a', edits: '{"oldText":"x","newText":"y"}' },
      { path: 'a', edits: 'not json' },
      { path: 'a', edits: { oldText: 'x', newText: 'y' } },
      { path: 'a', oldText: 'x', newText: 'y' },
      { path: 'a', edits: [{ oldText: 'p', newText: 'q' }], oldText: 'x', newText: 'y' },
      null,
      'string args',
    ];
    for (const input of inputs) {
      const a = structuredClone(input);
      const b = structuredClone(input);
      const outA = (theirs.edit.prepareArguments as (x: unknown) => unknown)(a);
      const outB = (ours.edit.prepareArguments as (x: unknown) => unknown)(b);
      expect(outB).toEqual(outA);
      expect(b).toEqual(a);
      expect(outB === b).toBe(outA === a);
    }
  });
});
