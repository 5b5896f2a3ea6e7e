// Gathers every area's messages into one table per language. Each file in ./messages exports
// `messages = defineMessages({ en: {...}, 'zh-CN': {...} })`. English comes with the page; the Chinese table is a
// chunk of its own (chinese.ts), filled in by loadTable() before the UI switches to it. The build keeps only the
// language asked for of each file (`?locale=`, scripts/vite-locale-split.ts), so the first load carries one.
import { mergeTables, type MessageArea } from './define.ts';
import type { Locale } from './i18n.svelte.ts';

const english = import.meta.glob<{ messages: MessageArea }>('./messages/*.ts', { eager: true, query: { locale: 'en' } });

/** Every message by language; a language's table is empty until loadTable() has brought it. */
export const CATALOG: MessageArea = { en: mergeTables(english, 'en'), 'zh-CN': {} };

const loaded = new Set<Locale>(['en']);
let chinese: Promise<void> | null = null;

export function hasTable(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Brings a language's table into CATALOG (once); a failed load is forgotten so a later call tries again. */
export function loadTable(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  chinese ??= import('./chinese.ts').then(
    (module) => { Object.assign(CATALOG['zh-CN'], module.TABLE); loaded.add('zh-CN'); },
    (error: unknown) => { chinese = null; throw error; },
  );
  return chinese;
}
