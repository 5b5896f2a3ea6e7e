// Test-only comparison of our encoder result with a pi capture: the same body (deep-equal and the same JSON
// text, so key order matches too) or the same error text.
import { expect } from 'vitest';
import type { EncodeResult } from '../types';
import type { PiCapture } from './pi-oracle';

export function expectSameAsPi(ours: EncodeResult, pi: PiCapture): void {
  if (!pi.ok) {
    expect(ours.ok ? { ok: true } : { ok: false, error: ours.error }).toEqual({ ok: false, error: pi.error });
    return;
  }
  if (!ours.ok) expect.fail(`pi sent a body but we failed: ${ours.error}`);
  expect(ours.body).toEqual(pi.payload);
  expect(JSON.stringify(ours.body, null, 1)).toBe(JSON.stringify(pi.payload, null, 1));
}
