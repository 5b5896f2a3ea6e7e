// Property-based parity of the pure pieces against pi 0.85.1's own functions: truncation, fuzzy
// normalisation, the edit algorithm (result or error text), the edit diff and patch, and path resolution.
import fc from 'fast-check';
import * as piEdit from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/edit-diff.js';
import * as piPaths from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/path-utils.js';
import * as piTruncate from '../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/truncate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEdits, normalizeForFuzzyMatch } from './edit-apply.ts';
import { generateDiffString, generateUnifiedPatch } from './edit-diff.ts';
import { resolveToCwd } from './path-resolve.ts';
import { formatSize, truncateHead, truncateLine, truncateTail } from './truncate.ts';

const RUNS = { numRuns: 300 };
// Text built from pieces that exercise the interesting cases: newlines, CR, trailing spaces, typographic
// quotes and dashes, NBSP, ligatures, astral characters.
const piece = fc.constantFrom('a', 'b', 'foo', ' ', '  ', '\t', '\n', '\r\n', '\r', '\u201C', '\u2019', '\u2013', '\u00A0', '\uFB01', 'é', '🎉', 'x\n', '\n\n');
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
const outcome = (fn: () => unknown) => {
  try {
    return { ok: fn() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('pure helpers behave exactly as pi 0.85.1', () => {
  it('truncateHead and truncateTail keep the same lines and report the same counts', () => {
    const limits = fc.record({ maxLines: fc.integer({ min: 1, max: 8 }), maxBytes: fc.integer({ min: 1, max: 40 }) });
    fc.assert(fc.property(text, limits, (t, o) => {
      expect(truncateHead(t, o)).toEqual(piTruncate.truncateHead(t, o));
      expect(truncateTail(t, o)).toEqual(piTruncate.truncateTail(t, o));
    }), RUNS);
  });

  it('formatSize and truncateLine print the same', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 5 * 1024 * 1024 }), (n) => {
      expect(formatSize(n)).toBe(piTruncate.formatSize(n));
    }), RUNS);
    fc.assert(fc.property(text, fc.integer({ min: 0, max: 20 }), (t, n) => {
      expect(truncateLine(t, n)).toEqual(piTruncate.truncateLine(t, n));
    }), RUNS);
  });

  it('normalises for fuzzy matching identically', () => {
    fc.assert(fc.property(text, (t) => {
      expect(normalizeForFuzzyMatch(t)).toBe(piEdit.normalizeForFuzzyMatch(t));
    }), RUNS);
  });

  it('applies edits to the same result, or fails with the same text', () => {
    const content = text.map((t) => t.replace(/\r\n?/g, '\n'));
    const edits = (c: string) => fc.array(fc.record({
      oldText: fc.oneof(text, fc.nat({ max: Math.max(0, c.length) }).chain((s) => fc.nat({ max: 8 }).map((l) => c.slice(s, s + l)))),
      newText: text,
    }), { minLength: 1, maxLength: 3 });
    fc.assert(fc.property(content.chain((c) => fc.tuple(fc.constant(c), edits(c))), ([c, e]) => {
      expect(outcome(() => applyEdits(c, e, 'f.txt'))).toEqual(outcome(() => piEdit.applyEditsToNormalizedContent(c, e, 'f.txt')));
    }), { numRuns: 600 });
  });

  it('renders the same diff and patch', () => {
    fc.assert(fc.property(text, text, (a, b) => {
      expect(generateDiffString(a, b)).toEqual(piEdit.generateDiffString(a, b));
      expect(generateUnifiedPatch('f.txt', a, b)).toBe(piEdit.generateUnifiedPatch('f.txt', a, b));
    }), RUNS);
  });

  describe('path resolution', () => {
    const saved = process.env.HOME;
    beforeAll(() => { process.env.HOME = '/home/user'; });
    afterAll(() => { process.env.HOME = saved; });
    const segment = fc.constantFrom('a', 'b c', '..', '.', '', '~', '@x', 'é', '\u00A0', '\u3000', 'file.txt', '%20');
    const path = fc.tuple(fc.constantFrom('', '/', '~', '~/', '@', '@~/', 'file://', 'file:///', '~user/'), fc.array(segment, { maxLength: 5 }))
      .map(([prefix, parts]) => prefix + parts.join('/'));
    it('resolves typed paths like resolveToCwd, on a Linux host', () => {
      fc.assert(fc.property(path, (p) => {
        expect(outcome(() => resolveToCwd(p, '/workspace', '/home/user'))).toEqual(outcome(() => piPaths.resolveToCwd(p, '/workspace')));
      }), { numRuns: 1000 });
    });
  });
});
