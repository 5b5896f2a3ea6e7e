// Test-only comparison of our encoder result with pi captures: the onPayload object (deep-equal and the same
// JSON text, so key order matches too) or the same error text; and the HTTP request pi actually made.
import { expect } from 'vitest';
import type { EncodeResult } from '../types.ts';
import type { PiCapture, WireCapture } from './pi-oracle.ts';

export function expectSameAsPi(ours: EncodeResult, pi: PiCapture): void {
  if (!pi.ok) {
    expect(ours.ok ? { ok: true } : { ok: false, error: ours.error }).toEqual({ ok: false, error: pi.error });
    return;
  }
  if (!ours.ok) expect.fail(`pi sent a body but we failed: ${ours.error}`);
  expect(ours.body).toEqual(pi.payload);
  expect(JSON.stringify(ours.body, null, 1)).toBe(JSON.stringify(pi.payload, null, 1));
}

/** Shown header values that stand in for a secret (the real request carries the key itself). */
const REDACTED = /<redacted>|…|<API key>/;

/**
 * The request we show is the one pi sent: the same URL, every header we show sent with the same value (keys
 * redacted), and the wire body (`wireBody`, else `body`) deep-equal to the posted JSON and serialised to the very
 * same text.
 */
export function expectSameWire(ours: EncodeResult, wire: WireCapture | undefined): void {
  if (!ours.ok || !wire) return expect.fail(`no request: ${ours.ok ? 'pi sent nothing' : ours.error}`);
  expect(ours.url).toBe(wire.url);
  for (const [name, value] of Object.entries(ours.headers ?? {})) {
    const sent = wire.headers[name.toLowerCase()];
    expect(sent, `header ${name}`).toBeDefined();
    if (!REDACTED.test(value)) expect(sent, `header ${name}`).toBe(value);
  }
  const shown = ours.wireBody ?? ours.body;
  expect(JSON.parse(wire.body)).toEqual(JSON.parse(JSON.stringify(shown)));
  expect(JSON.stringify(shown)).toBe(wire.body);
}
