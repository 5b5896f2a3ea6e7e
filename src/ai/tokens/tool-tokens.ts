// Token figures for the tool definitions of one encoded request: each tool's entry and the whole list, as the
// API serialises them (compact JSON, as every SDK POSTs), counted with a method from method.ts. The per-tool
// figures do not quite add up to the list's: the list's `[`, `,`, `]` (and Gemini's functionDeclarations
// wrapper) and BPE merges across a boundary are the difference, reported as `join`.
import { encodingOf, type CountMethod } from './method.ts';

/** Counts the tokens of a text (a loaded encoding; special-token text counts as plain text). */
export type CountTokens = (text: string) => number;
export type Encodings = Partial<Record<NonNullable<ReturnType<typeof encodingOf>>, CountTokens>>;

export interface ToolTokens {
  name: string;
  tokens: number;
  chars: number;
}

export interface ToolTokenFigures {
  method: CountMethod;
  perTool: ToolTokens[];
  /** Tokens of the whole tool list as one JSON text. */
  total: number;
  totalChars: number;
  /** total − Σ perTool: the list's punctuation and wrappers (may be negative when merges cross boundaries). */
  join: number;
}

export interface ToolEntry {
  name: string;
  /** The tool's element of the list, as sent. */
  value: unknown;
}

/** A counter for `method`, or undefined while the encoding it needs is not loaded. */
export function counterFor(method: CountMethod, encodings: Encodings): CountTokens | undefined {
  if (method.kind === 'approximation' && method.basis === 'chars/4') return (text) => Math.ceil(text.length / 4);
  const encoding = encodingOf(method);
  return encoding ? encodings[encoding] : undefined;
}

export function toolTokenFigures(list: unknown, entries: readonly ToolEntry[], method: CountMethod, count: CountTokens): ToolTokenFigures {
  const perTool = entries.map(({ name, value }) => {
    const text = JSON.stringify(value) ?? '';
    return { name, tokens: count(text), chars: text.length };
  });
  const listText = JSON.stringify(list) ?? '';
  const total = count(listText);
  return { method, perTool, total, totalChars: listText.length, join: total - perTool.reduce((sum, t) => sum + t.tokens, 0) };
}
