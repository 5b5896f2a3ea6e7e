import { describe, expect, it } from 'vitest';
import { NUMBER_LIMITS, readNumber } from './number-limits.ts';

describe('readNumber', () => {
  it('reads a number in bounds as it is, and an empty field as unset', () => {
    expect(readNumber('250', NUMBER_LIMITS.wait)).toEqual({ kind: 'value', value: 250 });
    expect(readNumber('0.5', NUMBER_LIMITS.tokensPerSecond)).toEqual({ kind: 'value', value: 0.5 });
    expect(readNumber(' ', NUMBER_LIMITS.wait)).toEqual({ kind: 'empty' });
  });

  it('clamps 1e308, Infinity and negatives to the bounds, saying which', () => {
    expect(readNumber('1e308', NUMBER_LIMITS.wait)).toEqual({ kind: 'clamped', value: 600_000, reason: 'max' });
    expect(readNumber('Infinity', NUMBER_LIMITS.tokenSize)).toEqual({ kind: 'clamped', value: 10_000, reason: 'max' });
    expect(readNumber('-5', NUMBER_LIMITS.wait)).toEqual({ kind: 'clamped', value: 0, reason: 'min' });
    expect(readNumber('-5', NUMBER_LIMITS.turn)).toEqual({ kind: 'clamped', value: 1, reason: 'min' });
    expect(readNumber('99999999999999999999', NUMBER_LIMITS.seed)).toEqual({ kind: 'clamped', value: 4_294_967_295, reason: 'max' });
  });

  it('rounds a fraction in a whole-number field, saying so', () => {
    expect(readNumber('2.6', NUMBER_LIMITS.tokenSize)).toEqual({ kind: 'clamped', value: 3, reason: 'whole' });
  });

  it('refuses NaN, text and what the browser could not read as a number', () => {
    expect(readNumber('NaN', NUMBER_LIMITS.wait)).toEqual({ kind: 'refused' });
    expect(readNumber('abc', NUMBER_LIMITS.wait)).toEqual({ kind: 'refused' });
    expect(readNumber('', NUMBER_LIMITS.wait, true)).toEqual({ kind: 'refused' });
  });
});
