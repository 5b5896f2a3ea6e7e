// Small choices mirrored to localStorage so a page load can use them before IndexedDB answers: the theme (the first
// paint already has the right colours) and the UI language. They are hints: the real preference is saved with the
// others (theme) or is only this (language), and a browser that refuses storage still shows the choice, unsaved.
import { LOCALE_HINT_KEY, THEME_HINT_KEY } from './keys.ts';

export type ThemeHint = 'system' | 'light' | 'dark';

function local(): Storage | undefined {
  try { return globalThis.localStorage ?? undefined; } catch { return undefined; }
}

function read(key: string): string | null {
  try { return local()?.getItem(key) ?? null; } catch { return null; }
}

/** False when the browser refused to keep it (storage disabled or full); the choice still shows for this page. */
function write(key: string, value: string): boolean {
  const storage = local();
  if (!storage) return false;
  try { storage.setItem(key, value); return true; } catch { return false; }
}

/** The remembered theme choice, or null (none, unreadable, or storage disabled: the OS theme is a fine guess). */
export function readThemeHint(): ThemeHint | null {
  const value = read(THEME_HINT_KEY);
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

export function writeThemeHint(theme: ThemeHint): boolean {
  return write(THEME_HINT_KEY, theme);
}

/** The remembered UI language as stored (the i18n module checks it is one it has), or null. */
export function readLocaleHint(): string | null {
  return read(LOCALE_HINT_KEY);
}

export function writeLocaleHint(locale: string): boolean {
  return write(LOCALE_HINT_KEY, locale);
}
