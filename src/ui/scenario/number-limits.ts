// Bounds of the scenario form's number fields, and how a typed text is read against them. The file format bounds
// the waits too (LONGEST_WAIT_MS); a form field must not store what the user cannot have meant: a 1e308 ms delay puts
// every later event at 1e308 ms (the run "plays" for ever), a 1e308-token chunk or turn number is a typo. Values
// out of bounds are clamped and said; a text that is not a number is refused and the stored value kept.

import { LONGEST_WAIT_MS } from '../../recording/scenario/index.ts';

export interface NumberLimits { min: number; max: number; whole?: boolean }

export const NUMBER_LIMITS = {
  /** Tokens per chunk (a token is 4 characters). */
  tokenSize: { min: 1, max: 10_000, whole: true },
  /** Streaming pace; unset (empty) is "as fast as possible". */
  tokensPerSecond: { min: 0.1, max: 1_000_000 },
  /** Delays and the waits of moments, in milliseconds. */
  wait: { min: 0, max: LONGEST_WAIT_MS },
  /** The token-size draws read the seed as an unsigned 32-bit number. */
  seed: { min: 0, max: 4_294_967_295, whole: true },
  /** A moment's "before turn N". */
  turn: { min: 1, max: 1_000, whole: true },
} as const satisfies Record<string, NumberLimits>;

export type NumberReading =
  | { kind: 'empty' }
  | { kind: 'value'; value: number }
  | { kind: 'clamped'; value: number; reason: 'min' | 'max' | 'whole' }
  | { kind: 'refused' };

/**
 * What `text`, typed into a number field with `limits`, stores. `badInput`: the browser could not read the text
 * as a number (an `<input type="number">` then reports an empty value), which must not read as "cleared".
 */
export function readNumber(text: string, limits: NumberLimits, badInput = false): NumberReading {
  if (text.trim() === '') return badInput ? { kind: 'refused' } : { kind: 'empty' };
  const typed = Number(text);
  if (Number.isNaN(typed)) return { kind: 'refused' };
  if (typed > limits.max) return { kind: 'clamped', value: limits.max, reason: 'max' };
  if (typed < limits.min) return { kind: 'clamped', value: limits.min, reason: 'min' };
  if (limits.whole && !Number.isInteger(typed)) return { kind: 'clamped', value: Math.round(typed), reason: 'whole' };
  return { kind: 'value', value: typed };
}
