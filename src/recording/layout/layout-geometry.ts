// From ms to pixels for the timeline drawing: axis ticks at round steps, spans placed on a lane (instant phases
// drawn as small chips in pipeline order), dense tick marks thinned to one per pixel, and culling to the view.
import { clipToCursor } from './layout-query.ts';

/** x = offsetPx + ms * pxPerMs (view pixels). */
export interface Scale {
  pxPerMs: number;
  offsetPx: number;
}

export const toX = (scale: Scale, ms: number): number => scale.offsetPx + ms * scale.pxPerMs;
export const toMs = (scale: Scale, x: number): number => (x - scale.offsetPx) / scale.pxPerMs;

/** The smallest step of the 1-2-5 series (in ms) whose ticks are at least `minGapPx` apart. */
export function tickStep(pxPerMs: number, minGapPx: number): number {
  if (!(pxPerMs > 0)) return 1;
  const raw = minGapPx / pxPerMs;
  let step = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (step * factor >= raw) return step * factor;
  }
  return step * 10;
}

/** Multiples of `stepMs` within [fromMs, toMs] (at most `limit`, so a bad step cannot flood the axis). */
export function axisTicks(fromMs: number, toMs: number, stepMs: number, limit = 500): number[] {
  const ticks: number[] = [];
  if (!(stepMs > 0) || !(toMs >= fromMs)) return ticks;
  for (let i = Math.ceil(fromMs / stepMs); ticks.length < limit; i++) {
    const ms = i * stepMs;
    if (ms > toMs) break;
    // Rounded so 0.1 + 0.2 style drift never prints as 0.30000000000000004.
    ticks.push(Number(ms.toPrecision(12)));
  }
  return ticks;
}

export interface PlacedSpan<T> {
  item: T;
  x: number;
  width: number;
  /** Cut at the playback cursor: still running at that moment. */
  cut: boolean;
}

/**
 * Places a lane's spans (in pipeline order) at the cursor. A span narrower than `minWidthPx` is drawn that wide,
 * and a span that would then start under its predecessor starts right after it: instant phases (validation on a
 * virtual clock) become a row of small chips, and the next long span gives up those pixels at its start, never
 * its end. Spans after the cursor are left out.
 */
export function placeSpans<T extends { startMs: number; endMs: number }>(
  spans: readonly T[],
  scale: Scale,
  cursorMs: number,
  minWidthPx: number,
): PlacedSpan<T>[] {
  const placed: PlacedSpan<T>[] = [];
  let right = -Infinity;
  for (const item of spans) {
    const clip = clipToCursor(item.startMs, item.endMs, cursorMs);
    if (!clip) continue;
    const x1 = toX(scale, clip.endMs);
    let x = toX(scale, item.startMs);
    if (x < right) x = right;
    const width = Math.max(x1 - x, minWidthPx);
    placed.push({ item, x, width, cut: clip.cut });
    right = x + width;
  }
  return placed;
}

/** Index of the first element whose `key` is >= `value` (elements sorted by key). */
export function lowerBound<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The x of each time in `ms` (sorted) that falls in [x0, x1] and before the cursor, at most one per pixel. */
export function thinMarks(ms: readonly number[], scale: Scale, cursorMs: number, x0: number, x1: number): number[] {
  const out: number[] = [];
  let last = -Infinity;
  for (let i = lowerBound(ms, toMs(scale, x0), (m) => m); i < ms.length; i++) {
    if (ms[i] > cursorMs) break;
    const x = toX(scale, ms[i]);
    if (x > x1) break;
    const px = Math.round(x);
    if (px !== last) out.push(px);
    last = px;
  }
  return out;
}

/** The items of a list sorted by `startMs` that overlap the view [x0, x1] (`maxLengthMs`: longest item). */
export function cullSorted<T extends { startMs: number; endMs: number }>(
  items: readonly T[],
  scale: Scale,
  x0: number,
  x1: number,
  maxLengthMs: number,
): T[] {
  const fromMs = toMs(scale, x0) - maxLengthMs;
  const toMsView = toMs(scale, x1);
  const out: T[] = [];
  for (let i = lowerBound(items, fromMs, (s) => s.startMs); i < items.length && items[i].startMs <= toMsView; i++) {
    if (toX(scale, items[i].endMs) >= x0 - 8) out.push(items[i]);
  }
  return out;
}
