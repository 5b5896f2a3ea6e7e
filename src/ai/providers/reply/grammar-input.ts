// OpenAI grammar ("custom") tool calls stream plain text, but pi reports them as JSON-argument deltas:
// `{"<property>":"` first, then the escaped text, then `"}` when the call closes (pi-ai 0.85.1's buffer).
import { ReplyFailure } from './reply-builder.ts';

export interface GrammarBuffer {
  input: string;
  started: boolean;
  closed: boolean;
}

export const newGrammarBuffer = (): GrammarBuffer => ({ input: '', started: false, closed: false });

/** The JSON delta for the grown input, or undefined when there is nothing to report. */
export function grammarDelta(buffer: GrammarBuffer, property: string, next: string, close: boolean): string | undefined {
  if (buffer.closed) {
    if (close && next === buffer.input) return undefined;
    throw new ReplyFailure(`grammar tool input for property "${property}" changed after it was closed`);
  }
  if (!next.startsWith(buffer.input)) throw new ReplyFailure(`grammar tool input for property "${property}" changed non-monotonically`);
  const added = next.slice(buffer.input.length);
  if (!close && added.length === 0) return undefined;
  let delta = '';
  if (!buffer.started) {
    delta += `{${JSON.stringify(property)}:"`;
    buffer.started = true;
  }
  delta += JSON.stringify(added).slice(1, -1);
  buffer.input = next;
  if (close) {
    delta += '"}';
    buffer.closed = true;
  }
  return delta;
}
