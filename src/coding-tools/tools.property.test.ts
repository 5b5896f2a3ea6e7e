// Property-based differential tests of whole tools: random files read with random offsets and limits,
// random edits of files with BOMs and mixed line endings, and random directory names listed, through
// pi 0.85.1's real read, edit and ls and through ours.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import * as piTools from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentTool } from '../engine/index.ts';
import { createCodingToolMap, createMemoryFileSystem } from './index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pi-tools-props-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;

const settle = (p: Promise<{ content: unknown[]; details?: unknown }>) =>
  p.then((r) => JSON.parse(JSON.stringify({ content: r.content, details: r.details ?? null })), (e: Error) => ({ error: e.message }));

describe('whole tools under random input', () => {
  it('read: any text, any offset and limit, same answer as pi', async () => {
    // Lines of varied length (some near the 50 KB limit), CRLF and blank lines, with or without a final newline.
    const line = fc.oneof(
      fc.constantFrom('', 'short', 'tab\there', 'crlf\r', 'é🎉'),
      fc.integer({ min: 1, max: 30 }).map((k) => 'w'.repeat(k * 1000)),
      fc.integer({ min: 0, max: 300 }).map((k) => `line ${k}`),
    );
    const file = fc.tuple(fc.array(line, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 0, max: 2100 }))
      .map(([lines, end, repeat]) => {
        const body = lines.join('\n') + (end ? '\n' : '');
        return repeat > 2000 ? Array(repeat).fill('r').join('\n') : body;
      });
    const window = fc.record({
      offset: fc.option(fc.oneof(fc.integer({ min: -2, max: 70 }), fc.constant(2001)), { nil: undefined }),
      limit: fc.option(fc.integer({ min: -1, max: 70 }), { nil: undefined }),
    });
    await fc.assert(fc.asyncProperty(file, window, async (text, { offset, limit }) => {
      const dir = join(scratch, `read-${n++}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'f.txt'), text);
      const args = { path: 'f.txt', ...(offset === undefined ? {} : { offset }), ...(limit === undefined ? {} : { limit }) };
      const pi = (piTools.createReadTool(dir) as unknown as AgentTool).execute('c', args as never);
      const ours = createCodingToolMap(createMemoryFileSystem({ 'f.txt': text })).read.execute('c', args as never);
      expect(await settle(ours)).toEqual(await settle(pi));
    }), { numRuns: 150 });
  });

  it('ls: any names, same order and suffixes as pi', async () => {
    const name = fc.oneof(
      fc.constantFrom('a', 'A', 'b', 'B', '_x', '-y', '.z', '~w', '10', '9', 'é', 'e', 'É', 'ß', 'ss', 'Zeta', 'zeta', '日本', 'a b', 'a.b', 'a_b', 'a-b'),
      fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.includes('/') && !s.includes('\0') && s !== '.' && s !== '..'),
    );
    // Names equal but for case keep the host's readdir order in pi (see tools-host-dependent-output.md), so
    // each name differs from the others in lowercase too.
    const entries = fc.uniqueArray(fc.tuple(name, fc.boolean()), { maxLength: 25, selector: ([s]) => s.toLowerCase() });
    await fc.assert(fc.asyncProperty(entries, fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }), async (list, limit) => {
      const dir = join(scratch, `ls-${n++}`);
      mkdirSync(dir);
      const files: Record<string, string> = {};
      for (const [entry, isDir] of list) {
        if (isDir) mkdirSync(join(dir, entry));
        else writeFileSync(join(dir, entry), '');
        files[isDir ? `${entry}/` : entry] = '';
      }
      const args = limit === undefined ? {} : { limit };
      const pi = (piTools.createLsTool(dir) as unknown as AgentTool).execute('c', args as never);
      const ours = createCodingToolMap(createMemoryFileSystem(files)).ls.execute('c', args as never);
      expect(await settle(ours)).toEqual(await settle(pi));
    }), { numRuns: 150 });
  });

  it('edit: any file with BOM and line endings, edits cut from it, same answer and same bytes as pi', async () => {
    const piece = fc.constantFrom('a', 'b', 'foo', ' ', '\t', '\n', '\r\n', '\r', '\u201C', '\u2019', '\u2013', '\u00A0', 'é', '  \n', 'x\r\n');
    const content = fc.tuple(fc.boolean(), fc.array(piece, { minLength: 1, maxLength: 30 })).map(([bom, p]) => (bom ? '\uFEFF' : '') + p.join(''));
    const edits = (c: string) => fc.array(fc.record({
      oldText: fc.oneof(
        fc.nat({ max: c.length }).chain((start) => fc.nat({ max: 6 }).map((len) => c.slice(start, start + len))),
        fc.array(piece, { maxLength: 3 }).map((p) => p.join('')),
      ),
      newText: fc.array(piece, { maxLength: 3 }).map((p) => p.join('')),
    }), { minLength: 1, maxLength: 3 });
    await fc.assert(fc.asyncProperty(content.chain((c) => fc.tuple(fc.constant(c), edits(c))), async ([text, list]) => {
      const dir = join(scratch, `edit-${n++}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'f.txt'), text);
      const args = { path: 'f.txt', edits: list };
      const theirs = await settle((piTools.createEditTool(dir) as unknown as AgentTool).execute('c', structuredClone(args) as never));
      const fs = createMemoryFileSystem({ 'f.txt': text });
      const ours = await settle(createCodingToolMap(fs).edit.execute('c', structuredClone(args) as never));
      expect(ours).toEqual(theirs);
      expect(Buffer.from(await fs.readFile('f.txt')).toString('base64')).toBe(readFileSync(join(dir, 'f.txt')).toString('base64'));
    }), { numRuns: 300 });
  });
});
