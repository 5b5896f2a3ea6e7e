// Maps positions in transpiled code back to the user's TypeScript, from sucrase's source map. Sucrase keeps line
// numbers, so only columns move (removed type annotations, rewritten imports); the map has one entry per token.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((ch, i) => [ch, i]));

/** [generatedColumn, sourceLine, sourceColumn], all 0-based, sorted by generated column. */
type Segment = [number, number, number];

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let shift = 0;
  let value = 0;
  for (const ch of text) {
    const digit = DIGIT.get(ch);
    if (digit === undefined) return values;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let generatedColumn = 0;
    for (const part of lineText.split(',')) {
      if (!part) continue;
      const v = decodeVlq(part);
      generatedColumn += v[0] ?? 0;
      if (v.length >= 4) {
        sourceLine += v[2];
        sourceColumn += v[3];
        segments.push([generatedColumn, sourceLine, sourceColumn]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

export type PositionMapper = (line: number, column: number) => { line: number; column: number };

/**
 * A mapper for 1-based (line, column) in generated code, to the start of the original token there; before the
 * first token of a line the column is returned unchanged. Without a usable map, positions pass through.
 */
export function createPositionMapper(mappings: string | undefined): PositionMapper {
  if (!mappings) return (line, column) => ({ line, column });
  let decoded: Segment[][] | undefined;
  return (line, column) => {
    decoded ??= decodeMappings(mappings);
    const segments = decoded[line - 1];
    if (!segments || segments.length === 0) return { line, column };
    const col0 = column - 1;
    let best: Segment | undefined;
    for (const s of segments) {
      if (s[0] <= col0) best = s;
      else break;
    }
    if (!best) return { line, column };
    // The token's start: engines point at token starts, and a rewritten token (an import binding becoming
    // `_module.name`) is longer than the original, so an offset inside it would overshoot.
    return { line: best[1] + 1, column: best[2] + 1 };
  };
}
