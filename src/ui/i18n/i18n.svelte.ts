// The UI language (English or Simplified Chinese): a global preference, remembered in localStorage, and `t()`
// to look up a message. Messages live in ./messages/<area>.ts, one file per area of the app, both languages side
// by side; a test checks that both languages have the same keys and that every key the code uses exists.
import { CATALOG } from './catalog.ts';

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };
export const LOCALE_HINT_KEY = 'pi-playground.locale';

export type MessageParams = Record<string, string | number>;

function readHint(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(LOCALE_HINT_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null; // storage blocked: fall back to the browser's language
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function browserLocale(): Locale {
  const langs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return langs.some((l) => /^zh\b(?!-(TW|HK|MO|Hant))/i.test(l ?? '')) ? 'zh-CN' : 'en';
}

class LocaleStore {
  #locale = $state<Locale>(readHint() ?? browserLocale());

  get locale(): Locale { return this.#locale; }

  set(locale: Locale): void {
    this.#locale = locale;
    try { globalThis.localStorage?.setItem(LOCALE_HINT_KEY, locale); } catch { /* not remembered, still shown */ }
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  }

  toggle(): void {
    this.set(this.#locale === 'en' ? 'zh-CN' : 'en');
  }
}

export const i18n = new LocaleStore();

/** Fills `{name}` placeholders. */
export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The message for `key` in the current language (reactive in components and $derived). An unknown key is a
 * programming error; it shows as the key itself so it is noticed, and the catalog test fails on it.
 */
export function t(key: string, params?: MessageParams): string {
  const table = CATALOG[i18n.locale];
  return format(table[key] ?? CATALOG.en[key] ?? key, params);
}

/** The same lookup for a given language (exports, tests). */
export function tIn(locale: Locale, key: string, params?: MessageParams): string {
  return format(CATALOG[locale][key] ?? key, params);
}
