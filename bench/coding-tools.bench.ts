// Benchmark: the coding tools on the memory filesystem against pi 0.85.1's real tools on a temp directory.
// 1,000 files of 4 KB written and read back through write/read, a regex grep and a glob find across them.
// Prints both sides, the ratio ours/pi, and a breakdown of where our time goes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCodingToolMap } from '../src/coding-tools/index.ts';
import { createMemoryFileSystem } from '../src/vfs/index.ts';
import { walkTree } from '../src/coding-tools/index.ts';
import { compileRipgrepPattern } from '../src/coding-tools/index.ts';
import type { AgentTool } from '../src/engine/index.ts';

const FILES = 1000;
const REPEATS = 3;
const GREP = { pattern: 'needle-\\d+ [a-f]+', limit: 100000 };
const FIND = { pattern: '*.txt', limit: 5000 };

/** 4 KB of text; every tenth file holds a needle line. */
function content(i: number): string {
  const lines: string[] = [];
  for (let l = 0; l < 63; l++) lines.push(`${String(i).padStart(4, '0')}:${String(l).padStart(2, '0')} ${'lorem ipsum dolor sit amet '.repeat(2).slice(0, 55)}`);
  if (i % 10 === 0) lines[31] = `needle-${i} abcdef ${'x'.repeat(44)}`;
  return `${lines.join('\n')}\n`.padEnd(4096, '.');
}
const pathOf = (i: number) => `d${String(i % 10).padStart(2, '0')}/f${String(i).padStart(4, '0')}.txt`;

type Tools = Record<'read' | 'write' | 'grep' | 'find', AgentTool<any>>;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
async function best(fn: () => Promise<unknown>): Promise<number> {
  let min = Infinity;
  for (let r = 0; r < REPEATS; r++) min = Math.min(min, await time(fn));
  return min;
}

async function workload(tools: Tools, canSearch: boolean): Promise<Record<string, number | undefined>> {
  const write = await best(async () => {
    for (let i = 0; i < FILES; i++) await tools.write.execute(`w${i}`, { path: pathOf(i), content: content(i) });
  });
  const read = await best(async () => {
    for (let i = 0; i < FILES; i++) await tools.read.execute(`r${i}`, { path: pathOf(i) });
  });
  let grepCount = 0;
  let findCount = 0;
  const grep = canSearch ? await best(async () => {
    const r = await tools.grep.execute('g', GREP);
    grepCount = (r.content[0] as { text: string }).text.split('\n').length;
  }) : undefined;
  const find = canSearch ? await best(async () => {
    const r = await tools.find.execute('f', FIND);
    findCount = (r.content[0] as { text: string }).text.split('\n').length;
  }) : undefined;
  if (canSearch && (grepCount !== FILES / 10 || findCount !== FILES)) throw new Error(`unexpected results: grep ${grepCount}, find ${findCount}`);
  return { 'write 1000 x 4 KB': write, 'read 1000 x 4 KB': read, 'grep regex (100 hits)': grep, 'find *.txt (1000 hits)': find };
}

function tool(name: string): string | null {
  for (const candidate of name === 'fd' ? ['fd', 'fdfind'] : [name]) {
    try {
      return execFileSync(candidate, ['--version'], { encoding: 'utf8' }).split('\n')[0];
    } catch {
      // not installed
    }
  }
  return null;
}

export async function run(): Promise<void> {
  const fs = createMemoryFileSystem();
  const ours = await workload(createCodingToolMap(fs) as Tools, true);

  const piTools = await import(pathToFileURL(join(process.cwd(), 'node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'pi-tools-bench-'));
  const fd = tool('fd');
  const rg = tool('rg');
  const pi = { read: piTools.createReadTool(dir), write: piTools.createWriteTool(dir), grep: piTools.createGrepTool(dir), find: piTools.createFindTool(dir) } as Tools;
  process.env.PI_OFFLINE = '1';
  // fd as Debian ships it (8.6) rejects pi's --no-require-git outside a repository; a .git folder avoids that.
  execFileSync('mkdir', ['-p', join(dir, '.git')]);
  const theirs = await workload(pi, Boolean(fd && rg));
  rmSync(dir, { recursive: true, force: true });

  console.log(`coding tools: ours (memory fs) vs pi 0.85.1 (disk${fd && rg ? `, ${fd}, ${rg}` : ', no fd/rg: grep and find not run'}), best of ${REPEATS}`);
  console.log('operation                 ours ms    pi ms   ours/pi');
  for (const op of Object.keys(ours)) {
    const a = ours[op]!;
    const b = theirs[op];
    console.log(`${op.padEnd(24)} ${a.toFixed(1).padStart(8)} ${b === undefined ? '     n/a' : b.toFixed(1).padStart(8)}   ${b === undefined ? 'n/a' : (a / b).toFixed(2)}`);
  }

  // Where our search time goes: walking with ignore rules, decoding, matching.
  const walk = await best(() => walkTree(fs, '/workspace', { toolIgnoreFile: '.rgignore', gitignore: 'in-repo' }));
  const compiled = compileRipgrepPattern(GREP.pattern);
  if (!compiled.ok) throw new Error(compiled.message);
  const texts: string[] = [];
  const decode = await best(async () => {
    texts.length = 0;
    for (let i = 0; i < FILES; i++) texts.push(await fs.readText(`/workspace/${pathOf(i)}`));
  });
  const match = await best(async () => {
    for (const t of texts) for (const line of t.split('\n')) compiled.regex.test(line);
  });
  console.log(`ours, breakdown: walk with ignore rules ${walk.toFixed(1)} ms, read+decode ${decode.toFixed(1)} ms, regex over ${FILES * 64} lines ${match.toFixed(1)} ms`);
  if (rg) {
    const spawn = await best(async () => execFileSync('rg', ['--version']));
    console.log(`pi, fixed cost per grep/find call: starting a process ~${spawn.toFixed(1)} ms (rg --version)`);
  }
}
