// Picks a lesson text in the UI's language (the lessons carry both), and formats clock times for the player.
import type { LocalizedText } from '../../content/lessons/index.ts';
import { i18n } from '../i18n/i18n.svelte.ts';

/** The text in the current UI language; reactive in components, so switching language re-renders lesson text. */
export function lt(text: LocalizedText): string {
  return text[i18n.locale] ?? text.en;
}

/** Milliseconds with thousands separators, as the timeline prints them ("2,034 ms"). */
export function formatMs(ms: number): string {
  return Math.round(ms).toLocaleString('en-US');
}

/** The text without its code marks, for places that show plain text (attributes, a title inside a sentence). */
export function plainText(text: string): string {
  return text.replace(/`/g, '');
}
