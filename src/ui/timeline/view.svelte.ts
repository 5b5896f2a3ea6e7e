// Zoom and scroll of one timeline chart: pixels per ms (fit-to-window until the user zooms), the scroll offsets
// mirrored from the scroll container, and zooming around a point so what is under the pointer stays there.
import { tick } from 'svelte';
import type { Scale } from '../../recording/layout/index.ts';
import { AXIS_HEIGHT, labelWidthFor, RIGHT_PAD } from './rows.ts';

/** Closest zoom: 40 px per ms. Browsers cap an element's size near 33 million px; stay well below. */
const MAX_PX_PER_MS = 40;
const MAX_CONTENT_PX = 8_000_000;

export class TimelineView {
  /** Scroll container size (set by the chart). */
  width = $state(800);
  height = $state(300);
  scrollLeft = $state(0);
  scrollTop = $state(0);
  #zoomPxPerMs = $state(1);
  #fitted = $state(true);
  scroller: HTMLElement | null = null;
  /** The container's scroll offsets as last seen or set: compared instead of read back (a read forces layout). */
  #domLeft = 0;
  #domTop = 0;

  /** `extent` reads the longest recording's duration and the rows' height (reactive: from the timeline's layout). */
  constructor(private readonly extent: () => { durationMs: number; rowsHeight: number }) {}

  get durationMs(): number { return this.extent().durationMs; }
  get rowsHeight(): number { return this.extent().rowsHeight; }

  get fitted(): boolean { return this.#fitted; }
  get labelWidth(): number { return labelWidthFor(this.width); }
  get plotWidth(): number { return Math.max(40, this.width - this.labelWidth - RIGHT_PAD); }
  get fitPxPerMs(): number { return this.plotWidth / Math.max(this.durationMs, 1); }
  get maxPxPerMs(): number { return Math.max(this.fitPxPerMs, Math.min(MAX_PX_PER_MS, MAX_CONTENT_PX / Math.max(this.durationMs, 1))); }
  get pxPerMs(): number { return this.#fitted ? this.fitPxPerMs : this.#zoomPxPerMs; }
  get contentWidth(): number { return this.labelWidth + this.durationMs * this.pxPerMs + RIGHT_PAD; }
  get contentHeight(): number { return AXIS_HEIGHT + this.rowsHeight + 8; }
  get scale(): Scale { return { pxPerMs: this.pxPerMs, offsetPx: this.labelWidth - this.scrollLeft }; }
  get canZoomIn(): boolean { return this.pxPerMs < this.maxPxPerMs * 0.999; }
  get canZoomOut(): boolean { return !this.#fitted && this.pxPerMs > this.fitPxPerMs * 1.001; }

  fit(): void {
    this.#fitted = true;
    this.scrollTo(0, this.scrollTop);
  }

  /** Zooms by `factor` keeping the time under view x `anchorX` in place (default: the middle of the plot). */
  zoomAt(factor: number, anchorX = this.labelWidth + this.plotWidth / 2): void {
    const before = this.pxPerMs;
    const next = Math.min(this.maxPxPerMs, Math.max(this.fitPxPerMs, before * factor));
    if (next === before) return;
    const anchor = Math.max(this.labelWidth, anchorX);
    const anchorMs = (anchor - this.labelWidth + this.scrollLeft) / before;
    if (next <= this.fitPxPerMs * 1.0001) {
      this.fit();
      return;
    }
    this.#fitted = false;
    this.#zoomPxPerMs = next;
    this.scrollTo(anchorMs * next - (anchor - this.labelWidth), this.scrollTop);
  }

  /** Scrolls so [startMs, endMs] (or as much as fits) and the row band [top, bottom) are in view. */
  reveal(startMs: number, endMs: number, top: number, bottom: number): void {
    const px = this.pxPerMs;
    let left = this.scrollLeft;
    const x0 = startMs * px;
    const x1 = endMs * px;
    if (x0 < left || x1 - x0 > this.plotWidth) left = x0 - 24;
    else if (x1 > left + this.plotWidth) left = x1 - this.plotWidth + 24;
    let scrollTop = this.scrollTop;
    const visible = this.height - AXIS_HEIGHT;
    if (top < scrollTop) scrollTop = top - 8;
    else if (bottom > scrollTop + visible) scrollTop = bottom - visible + 8;
    this.scrollTo(left, scrollTop);
  }

  scrollTo(left: number, top: number): void {
    this.scrollLeft = clamp(left, 0, Math.max(0, this.contentWidth - this.width));
    this.scrollTop = clamp(top, 0, Math.max(0, this.contentHeight - this.height));
    // The DOM follows once the spacer has its new size (after Svelte's update), still before the next paint.
    const { scrollLeft, scrollTop } = this;
    void tick().then(() => {
      if (!this.scroller) return;
      if (Math.abs(this.#domLeft - scrollLeft) > 0.5) this.scroller.scrollLeft = this.#domLeft = scrollLeft;
      if (Math.abs(this.#domTop - scrollTop) > 0.5) this.scroller.scrollTop = this.#domTop = scrollTop;
    });
  }

  /** The scroll container moved (scrollbar, wheel, touch): mirror it. */
  syncFromScroller(): void {
    if (!this.scroller) return;
    const left = this.scroller.scrollLeft;
    const top = this.scroller.scrollTop;
    this.#domLeft = left;
    this.#domTop = top;
    // The browser keeps scroll offsets in whole (device) pixels: the echo of an offset we set differs by a fraction,
    // and taking it would draw every zoom step twice.
    if (Math.abs(left - this.scrollLeft) >= 1) this.scrollLeft = left;
    if (Math.abs(top - this.scrollTop) >= 1) this.scrollTop = top;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
