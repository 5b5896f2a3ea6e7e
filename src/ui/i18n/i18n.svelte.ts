// The UI language (English or Simplified Chinese): a global preference, remembered in localStorage (a `?lang=`
// URL parameter wins for that page load), mirrored to <html lang>, and `t()` to look up a message. Messages live
// in ./messages/<area>.ts, both languages side by side; catalog.test.ts checks both have the same keys and that
// every key the code uses exists, markup.test.ts that no component shows literal English. Only the English table
// comes with the page; another language's table is loaded before the UI switches to it (catalog.ts).
import { readLocaleHint, writeLocaleHint } from '../../storage/web-hints.ts';
import { CATALOG, hasTable, loadArea, loadTable, type DeferredArea } from './catalog.ts';

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };
/** What the header's language switch shows: each language named in itself, short. */
export const LOCALE_SHORT_NAMES: Record<Locale, string> = { en: 'EN', 'zh-CN': '中文' };
/** `?lang=en` or `?lang=zh-CN` picks the language of one page load (shared links, demos, screenshots). */
export const LOCALE_URL_PARAM = 'lang';

export type MessageParams = Record<string, string | number>;

/** The language a page load starts in: `?lang=` first, then the remembered choice, then the browser's languages. */
export function pickLocale(sources: { url?: string; hint?: string | null; languages?: readonly string[] }): Locale {
  let fromUrl: string | null = null;
  try { fromUrl = sources.url ? new URL(sources.url).searchParams.get(LOCALE_URL_PARAM) : null; } catch { /* not a URL */ }
  if (isLocale(fromUrl)) return fromUrl;
  if (isLocale(sources.hint)) return sources.hint;
  // Simplified Chinese for zh, zh-CN, zh-SG, zh-Hans-*; Traditional variants get English rather than the wrong script.
  return (sources.languages ?? []).some((l) => /^zh\b(?!-(TW|HK|MO|Hant))/i.test(l)) ? 'zh-CN' : 'en';
}

/** `url` without its `?lang=` (null when it has none), so a choice made later is not undone by the next reload. */
export function withoutLocaleParam(url: string): string | null {
  const parsed = new URL(url);
  if (!parsed.searchParams.has(LOCALE_URL_PARAM)) return null;
  parsed.searchParams.delete(LOCALE_URL_PARAM);
  return parsed.href;
}

function dropUrlParam(): void {
  try {
    const next = withoutLocaleParam(globalThis.location.href);
    if (next) history.replaceState(history.state, '', next);
  } catch { /* not in a browser */ }
}

function syncDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Storage blocked or nothing remembered: null, and the browser's language decides. */
function readHint(): Locale | null {
  const value = readLocaleHint();
  return isLocale(value) ? value : null;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function browserLanguages(): readonly string[] {
  return typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
}

/** Grows each time a language's table arrives, so lookups made before it re-run (t() reads it). */
let tablesArrived = $state(0);

/**
 * Brings `locale`'s messages (once). The entry point awaits the starting language before the first paint; the
 * app loads the other one once it is up, so switching is instant. Rejects when the table cannot be fetched.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  if (hasTable(locale)) return;
  await loadTable(locale);
  tablesArrived++;
}

/**
 * Brings a deferred area's English (catalog.ts). Modules that show those messages await it at their top level,
 * so they are ready only with their texts and never show a bare key.
 */
export async function loadEnglishArea(area: DeferredArea): Promise<void> {
  await loadArea(area);
  tablesArrived++;
}

class LocaleStore {
  #locale = $state<Locale>(pickLocale({ url: globalThis.location?.href, hint: readHint(), languages: browserLanguages() }));
  #wanted: Locale | null = null;

  constructor() {
    syncDocument(this.#locale);
  }

  get locale(): Locale { return this.#locale; }

  /**
   * Shows the UI in `locale`: at once when its messages are here, else as soon as they arrive, so the UI never
   * shows a mix of two languages (if they cannot be loaded, it stays as it is). The promise settles then and
   * never rejects. Remembered for later visits unless `remember` is false (tests that must not leave a choice
   * behind for other pages of the same origin).
   */
  set(locale: Locale, options: { remember?: boolean } = {}): Promise<void> {
    this.#wanted = locale;
    if (hasTable(locale)) {
      this.#show(locale, options);
      return Promise.resolve();
    }
    return loadLocale(locale).then(
      () => { if (this.#wanted === locale) this.#show(locale, options); },
      () => { if (this.#wanted === locale) this.#wanted = null; },
    );
  }

  #show(locale: Locale, { remember = true }: { remember?: boolean }): void {
    this.#locale = locale;
    syncDocument(locale);
    if (!remember) return;
    writeLocaleHint(locale); // refused: not remembered, still shown
    dropUrlParam();
  }

  /** The other language (there are two). */
  get next(): Locale {
    return this.#locale === 'en' ? 'zh-CN' : 'en';
  }

  toggle(): Promise<void> {
    return this.set(this.next);
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
  void tablesArrived;
  const table = CATALOG[i18n.locale];
  return format(table[key] ?? CATALOG.en[key] ?? key, params);
}

/** The same lookup for a given language (exports, tests). */
export function tIn(locale: Locale, key: string, params?: MessageParams): string {
  void tablesArrived;
  return format(CATALOG[locale][key] ?? CATALOG.en[key] ?? key, params);
}

/**
 * A count with its noun: `<key>.one` when `count` is 1, else `<key>.other`, with `{count}` filled in. Both
 * languages define both forms (Chinese simply words them alike).
 */
export function tp(key: string, count: number, params?: MessageParams): string {
  return t(`${key}.${count === 1 ? 'one' : 'other'}`, { count, ...params });
}

/** Names (of tools, files) as a list in the current language: `a, b` / `a、b`. */
export function toolList(names: readonly string[]): string {
  return names.join(i18n.locale === 'zh-CN' ? '、' : ', ');
}

/** A message a state class produced (see src/state/shell/ui-message.ts). */
export function tm(message: { key: string; params?: MessageParams }): string {
  return t(message.key, message.params);
}
