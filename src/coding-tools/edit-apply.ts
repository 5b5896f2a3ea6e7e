// The matching core of pi's `edit` (0.85.1): LF normalisation, exact-then-fuzzy search, uniqueness and
// overlap checks in pi's order with pi's error texts, and write-back that only touches the edited lines.

export interface EditPair {
  oldText: string;
  newText: string;
}

interface Match {
  editIndex: number;
  matchIndex: number;
  matchLength: number;
  newText: string;
}

export function splitBom(text: string): { bom: string; text: string } {
  return text.startsWith('\uFEFF') ? { bom: '\uFEFF', text: text.slice(1) } : { bom: '', text };
}

/** CRLF when the file's first `\n` belongs to a `\r\n`, else LF. */
export function detectLineEnding(text: string): '\r\n' | '\n' {
  const lf = text.indexOf('\n');
  if (lf === -1) return '\n';
  const crlf = text.indexOf('\r\n');
  return crlf !== -1 && crlf < lf ? '\r\n' : '\n';
}

export function normalizeToLF(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
}

export function restoreLineEndings(text: string, ending: '\r\n' | '\n'): string {
  return ending === '\r\n' ? text.replace(/\n/g, '\r\n') : text;
}

/** NFKC, trailing whitespace per line, typographic quotes/dashes/spaces to ASCII. Leading space is kept. */
export function normalizeForFuzzyMatch(text: string): string {
  return text
    .normalize('NFKC')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, ' ');
}

function find(content: string, oldText: string): { index: number; length: number; fuzzy: boolean } | null {
  const exact = content.indexOf(oldText);
  if (exact !== -1) return { index: exact, length: oldText.length, fuzzy: false };
  const fuzzyOld = normalizeForFuzzyMatch(oldText);
  const fuzzy = normalizeForFuzzyMatch(content).indexOf(fuzzyOld);
  return fuzzy === -1 ? null : { index: fuzzy, length: fuzzyOld.length, fuzzy: true };
}

/** Occurrences are always counted in fuzzy-normalised space, even after an exact match. */
function countOccurrences(content: string, oldText: string): number {
  return normalizeForFuzzyMatch(content).split(normalizeForFuzzyMatch(oldText)).length - 1;
}

const plural = (edits: number) => edits !== 1;

/**
 * Applies all edits to LF-normalised content, each matched against the original. Throws pi's error for
 * the first problem: empty oldText, not found, not unique, overlap, or no change.
 */
export function applyEdits(content: string, edits: EditPair[], path: string): { baseContent: string; newContent: string } {
  const normalized = edits.map((e) => ({ oldText: normalizeToLF(e.oldText), newText: normalizeToLF(e.newText) }));
  const many = plural(normalized.length);
  normalized.forEach((e, i) => {
    if (e.oldText.length === 0) {
      throw new Error(many ? `edits[${i}].oldText must not be empty in ${path}.` : `oldText must not be empty in ${path}.`);
    }
  });
  // One fuzzy edit moves every edit into fuzzy-normalised space, so all offsets share one coordinate system.
  const anyFuzzy = normalized.some((e) => find(content, e.oldText)?.fuzzy);
  const base = anyFuzzy ? normalizeForFuzzyMatch(content) : content;
  const matches: Match[] = normalized.map((e, i) => {
    const found = find(base, e.oldText);
    if (!found) {
      throw new Error(many
        ? `Could not find edits[${i}] in ${path}. The oldText must match exactly including all whitespace and newlines.`
        : `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`);
    }
    const n = countOccurrences(base, e.oldText);
    if (n > 1) {
      throw new Error(many
        ? `Found ${n} occurrences of edits[${i}] in ${path}. Each oldText must be unique. Please provide more context to make it unique.`
        : `Found ${n} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`);
    }
    return { editIndex: i, matchIndex: found.index, matchLength: found.length, newText: e.newText };
  });
  matches.sort((a, b) => a.matchIndex - b.matchIndex);
  for (let i = 1; i < matches.length; i++) {
    const [prev, cur] = [matches[i - 1], matches[i]];
    if (prev.matchIndex + prev.matchLength > cur.matchIndex) {
      throw new Error(`edits[${prev.editIndex}] and edits[${cur.editIndex}] overlap in ${path}. Merge them into one edit or target disjoint regions.`);
    }
  }
  const newContent = anyFuzzy ? overlayTouchedLines(content, base, matches) : splice(base, matches, 0);
  if (newContent === content) {
    throw new Error(many
      ? `No changes made to ${path}. The replacements produced identical content.`
      : `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`);
  }
  return { baseContent: content, newContent };
}

/** Plain substring replacement from the last match back, so earlier offsets stay valid (`$&` stays literal). */
function splice(text: string, matches: Match[], offset: number): string {
  let out = text;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const at = m.matchIndex - offset;
    out = out.slice(0, at) + m.newText + out.slice(at + m.matchLength);
  }
  return out;
}

function linesWithEndings(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+/g) ?? [];
}

/**
 * After a fuzzy match: take the lines a replacement touches from the normalised text (with the
 * replacement applied) and every other line byte for byte from the original.
 */
function overlayTouchedLines(original: string, base: string, matches: Match[]): string {
  const originalLines = linesWithEndings(original);
  const spans: { start: number; end: number }[] = [];
  let pos = 0;
  for (const line of linesWithEndings(base)) {
    spans.push({ start: pos, end: pos + line.length });
    pos += line.length;
  }
  if (originalLines.length !== spans.length) {
    throw new Error('Cannot preserve unchanged lines because the base content has a different line count.');
  }
  const groups: { startLine: number; endLine: number; matches: Match[] }[] = [];
  for (const m of matches) {
    const startLine = spans.findIndex((s) => m.matchIndex >= s.start && m.matchIndex < s.end);
    if (startLine === -1) throw new Error('Replacement range is outside the base content.');
    let endLine = startLine;
    while (endLine < spans.length && spans[endLine].end < m.matchIndex + m.matchLength) endLine++;
    if (endLine >= spans.length) throw new Error('Replacement range is outside the base content.');
    const last = groups[groups.length - 1];
    if (last && startLine < last.endLine) {
      last.endLine = Math.max(last.endLine, endLine + 1);
      last.matches.push(m);
    } else groups.push({ startLine, endLine: endLine + 1, matches: [m] });
  }
  let out = '';
  let next = 0;
  for (const g of groups) {
    out += originalLines.slice(next, g.startLine).join('');
    const from = spans[g.startLine].start;
    out += splice(base.slice(from, spans[g.endLine - 1].end), g.matches, from);
    next = g.endLine;
  }
  return out + originalLines.slice(next).join('');
}
