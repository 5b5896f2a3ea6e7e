// Gathers every area's messages into one table per language. Each file in ./messages exports
// `messages = defineMessages({ en: {...}, 'zh-CN': {...} })`. English comes with the page; the Chinese table is a
// chunk of its own (chinese.ts), filled in by loadTable() before the UI switches to it. The build keeps only the
// language asked for of each file (`?locale=`, scripts/vite-locale-split.ts), so the first load carries one.
// Areas shown only by code that is itself loaded later (the lint findings, the editor's completions and
// reference, live runs, the panels' own words: timeline, scenario form, providers, and the dialogs' words: share,
// import and export, the welcome) are deferred: their English comes with that code (loadArea), not with the page.
import { mergeTables, type MessageArea, type MessageTable } from './define.ts';
import type { Locale } from './i18n.svelte.ts';

const english = import.meta.glob<{ messages: MessageArea }>(
  [
    './messages/*.ts', '!./messages/lint.ts', '!./messages/editor-completions.ts', '!./messages/editor-reference.ts', '!./messages/live.ts',
    '!./messages/timeline.ts', '!./messages/scenario-panel.ts', '!./messages/providers-panel.ts',
    '!./messages/portable-dialogs.ts', '!./messages/export-pi.ts', '!./messages/trust-scan.ts', '!./messages/welcome-dialog.ts',
  ],
  { eager: true, query: { locale: 'en' } },
);
const deferredEnglish = import.meta.glob<{ messages: MessageArea }>(
  [
    './messages/lint.ts', './messages/editor-completions.ts', './messages/editor-reference.ts', './messages/live.ts',
    './messages/timeline.ts', './messages/scenario-panel.ts', './messages/providers-panel.ts',
    './messages/portable-dialogs.ts', './messages/export-pi.ts', './messages/trust-scan.ts', './messages/welcome-dialog.ts',
  ],
  { query: { locale: 'en' } },
);

export const DEFERRED_AREAS = [
  'lint', 'editor-completions', 'editor-reference', 'live', 'timeline', 'scenario-panel', 'providers-panel',
  'portable-dialogs', 'export-pi', 'trust-scan', 'welcome-dialog',
] as const;
/** The panels' own words: every panel but the schema view (which comes with the page) loads them with itself. */
export const PANEL_AREAS = ['timeline', 'scenario-panel', 'providers-panel'] as const satisfies readonly DeferredArea[];
/** The share, import, trust and export dialogs' words: PortableHost loads them with the dialogs. */
export const PORTABLE_DIALOG_AREAS = ['portable-dialogs', 'export-pi', 'trust-scan'] as const satisfies readonly DeferredArea[];
export type DeferredArea = (typeof DEFERRED_AREAS)[number];

/** Every message by language; a language's table is empty until loadTable() has brought it. */
export const CATALOG: MessageArea = { en: mergeTables(english, 'en'), 'zh-CN': {} };

const areas = new Map<DeferredArea, Promise<void>>();

/**
 * Brings a deferred area's English into CATALOG (once; a failed load is forgotten so a later call tries again).
 * A key already defined by another area is the same mistake mergeTables refuses, and throws here too.
 */
export function loadArea(area: DeferredArea): Promise<void> {
  const file = `./messages/${area}.ts`;
  let pending = areas.get(area);
  if (!pending) {
    pending = deferredEnglish[file]().then(
      ({ messages }) => {
        const table: MessageTable = messages.en;
        for (const key of Object.keys(table)) if (key in CATALOG.en) throw new Error(`Message key "${key}" is defined twice (${file})`);
        Object.assign(CATALOG.en, table);
      },
      (error: unknown) => { areas.delete(area); throw error; },
    );
    areas.set(area, pending);
  }
  return pending;
}

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
