// A line diff of two payloads (pretty JSON), shaped for reading: changed lines with their numbers on each
// side, and long unchanged stretches folded to a few lines of context. Indentation is ignored, so wrapping the
// same fields in one more object (`function: {…}`) shows as the wrapper's lines only.
import { diffLines } from 'diff';

export type DiffRow =
  | { kind: 'same' | 'removed' | 'added'; text: string; left?: number; right?: number }
  | { kind: 'skipped'; count: number };

export interface PayloadDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

const splitLines = (value: string) => value.replace(/\n$/, '').split('\n');

/** Diffs `left` against `right`; unchanged runs longer than 2 × `context` + 1 lines are folded (shown as on the right). */
export function diffPayloads(left: string, right: string, context = 3): PayloadDiff {
  const rows: DiffRow[] = [];
  let l = 1;
  let r = 1;
  let added = 0;
  let removed = 0;
  const changes = diffLines(left, right, { ignoreWhitespace: true });
  changes.forEach((change, index) => {
    const lines = splitLines(change.value);
    if (change.added) {
      for (const text of lines) rows.push({ kind: 'added', text, right: r++ });
      added += lines.length;
    } else if (change.removed) {
      for (const text of lines) rows.push({ kind: 'removed', text, left: l++ });
      removed += lines.length;
    } else {
      const keepHead = index === 0 ? 0 : context;
      const keepTail = index === changes.length - 1 ? 0 : context;
      const fold = lines.length > keepHead + keepTail + 1;
      lines.forEach((text, i) => {
        if (fold && i >= keepHead && i < lines.length - keepTail) {
          if (i === keepHead) rows.push({ kind: 'skipped', count: lines.length - keepHead - keepTail });
        } else {
          rows.push({ kind: 'same', text, left: l, right: r });
        }
        l++;
        r++;
      });
    }
  });
  return { rows, added, removed };
}
