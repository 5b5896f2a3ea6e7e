// The tool-definition token figures of one encoded request, from the body the API actually receives (the wire
// JSON where the SDK reshapes pi's payload): finds the tool list and its entries, then counts them with the
// model's method (ai/tokens). A memo by text keeps re-counting cheap while one tool is edited.
import type { EncodeResult } from '../../ai/providers/index.ts';
import { countMethod, type CountMethod } from '../../ai/tokens/index.ts';
import { counterFor, toolTokenFigures, type CountTokens, type Encodings, type ToolTokenFigures } from '../../ai/tokens/index.ts';
import { toolEntries, toolsPointer, valueAt } from './request-paths.ts';

export type TokenFiguresResult =
  | { status: 'ready'; figures: ToolTokenFigures }
  /** The encoding this model's method needs is still loading. */
  | { status: 'loading'; method: CountMethod }
  /** The request failed to encode, or has no tool list. */
  | { status: 'none' };

const MEMO_LIMIT = 4000;

/** Wraps a counter with a memo by text (cleared when full: the texts of one workspace are few). */
export function memoized(count: CountTokens): CountTokens {
  const memo = new Map<string, number>();
  return (text) => {
    let n = memo.get(text);
    if (n === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      n = count(text);
      memo.set(text, n);
    }
    return n;
  };
}

export function tokenFiguresFor(result: EncodeResult | undefined, modelId: string, encodings: Encodings): TokenFiguresResult {
  if (!result?.ok) return { status: 'none' };
  const body = result.wireBody !== undefined ? result.wireBody : result.body;
  const at = toolsPointer(body);
  if (at === undefined) return { status: 'none' };
  const method = countMethod(modelId);
  const count = counterFor(method, encodings);
  if (!count) return { status: 'loading', method };
  const entries = toolEntries(body).map(({ name, pointer }) => ({ name, value: valueAt(body, pointer) }));
  return { status: 'ready', figures: toolTokenFigures(valueAt(body, at), entries, method, count) };
}
