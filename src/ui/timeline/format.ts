// Numbers and descriptions for the timeline, in the UI language: times in ms with grouping ("2,004 ms"), and the
// sentence a screen reader hears for a selected span.
import type { ResolvedSelection } from '../../recording/layout/index.ts';
import type { PhaseOutcome } from '../../engine/index.ts';
import { i18n, t } from '../i18n/i18n.svelte.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: number): Intl.NumberFormat {
  const key = `${i18n.locale}/${digits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: digits });
    formatters.set(key, format);
  }
  return format;
}

/** A time or duration: whole ms from 10 ms up; below that, one decimal (real-clock runs have fractions). */
export function formatMs(ms: number): string {
  return t('timeline.ms', { value: formatNumber(ms) });
}

export function formatNumber(ms: number): string {
  return numberFormat(Math.abs(ms) >= 10 ? 0 : ms >= 1 ? 1 : 2).format(ms);
}

export function outcomeText(outcome: PhaseOutcome | undefined): string {
  return t(`timeline.outcome.${outcome ?? 'running'}`);
}

/** What a screen reader announces for a selection (and the tooltip of a span). */
export function describeResolved(resolved: ResolvedSelection): string {
  const { recording, lane, span, block } = resolved;
  if (!recording) return '';
  const where = `${recording.label}: `;
  if (lane && span) {
    return where + t('timeline.describe.span', {
      call: lane.label, phase: span.phase, start: formatMs(span.startMs), end: formatMs(span.endMs),
      duration: formatMs(span.endMs - span.startMs), outcome: outcomeText(span.outcome),
    });
  }
  if (lane) return where + t('timeline.describe.call', { call: lane.label, outcome: outcomeText(lane.outcome) });
  if (block) {
    return where + t('timeline.describe.block', {
      kind: block.kind, turn: block.turn, start: formatMs(block.startMs), end: formatMs(block.endMs), chars: block.chars,
    });
  }
  return where + formatMs(recording.durationMs);
}

const titles = new WeakMap<object, { locale: string; text: string }>();

/**
 * A finished span's tooltip, made once per span and language: the chart redraws spans on every zoom and pan frame,
 * and formatting numbers for every tooltip each frame was a measurable share of a frame.
 */
export function cachedTitle(span: object, make: () => string): string {
  const hit = titles.get(span);
  if (hit && hit.locale === i18n.locale) return hit.text;
  const text = make();
  titles.set(span, { locale: i18n.locale, text });
  return text;
}
