import { describe, expect, it } from 'vitest';
import { diffPayloads } from './diff-lines.ts';

const lines = (n: number, tag = 'x') => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n');

describe('payload diff', () => {
  it('shows changed lines with their numbers on each side and folds long unchanged stretches', () => {
    const left = `${lines(10)}\n"strict": false\n${lines(10, 'y')}`;
    const right = `${lines(10)}\n"strict": null\n${lines(10, 'y')}`;
    const diff = diffPayloads(left, right, 2);
    expect(diff).toMatchObject({ added: 1, removed: 1 });
    expect(diff.rows).toEqual([
      { kind: 'skipped', count: 8 },
      { kind: 'same', text: 'x8', left: 9, right: 9 },
      { kind: 'same', text: 'x9', left: 10, right: 10 },
      { kind: 'removed', text: '"strict": false', left: 11 },
      { kind: 'added', text: '"strict": null', right: 11 },
      { kind: 'same', text: 'y0', left: 12, right: 12 },
      { kind: 'same', text: 'y1', left: 13, right: 13 },
      { kind: 'skipped', count: 8 },
    ]);
  });

  it('reports identical payloads as one folded stretch with nothing added or removed', () => {
    const diff = diffPayloads(lines(30), lines(30));
    expect(diff).toEqual({ rows: [{ kind: 'skipped', count: 30 }], added: 0, removed: 0 });
  });

  it('treats the same fields at another depth as unchanged, so only a wrapper object stands out', () => {
    const completions = JSON.stringify([{ type: 'function', function: { name: 'x', parameters: { type: 'object' } } }], null, 2);
    const responses = JSON.stringify([{ type: 'function', name: 'x', parameters: { type: 'object' } }], null, 2);
    const diff = diffPayloads(completions, responses, 10);
    expect(diff.rows.filter((r) => r.kind === 'removed').map((r) => r.kind !== 'skipped' && r.text.trim())).toEqual(['"function": {', '}']);
    expect(diff.added).toBe(0);
  });
});
