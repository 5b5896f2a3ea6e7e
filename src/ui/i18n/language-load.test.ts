// Only English comes with the page: the Chinese table is its own chunk, loaded before the UI switches to it, and a
// few deferred areas' English comes with the code that shows them.
import { describe, expect, it } from 'vitest';
import type { MessageArea } from './define.ts';
import { CATALOG, DEFERRED_AREAS, hasTable } from './catalog.ts';
import { i18n, loadEnglishArea, t } from './i18n.svelte.ts';

const english = import.meta.glob<{ messages: MessageArea }>('./messages/*.ts', { eager: true, query: { locale: 'en' } });
const chinese = import.meta.glob<{ messages: MessageArea }>('./messages/*.ts', { eager: true, query: { locale: 'zh-CN' } });

describe('the language tables', () => {
  it('are split by the build: each area module holds only the language asked for', () => {
    for (const [file, { messages }] of Object.entries(english)) {
      expect(Object.keys(messages.en).length, file).toBeGreaterThan(0);
      expect(messages['zh-CN'], file).toEqual({});
    }
    for (const [file, { messages }] of Object.entries(chinese)) {
      expect(messages.en, file).toEqual({});
      expect(Object.keys(messages['zh-CN']).length, file).toBeGreaterThan(0);
    }
  });

  it('bring a deferred area\'s English only when asked, and its lookups then give the text', async () => {
    const key = 'lint.tool-name-invalid.fix';
    expect(english['./messages/lint.ts'].messages.en[key]).toMatch(/\w/);
    expect(key in CATALOG.en).toBe(false);
    expect(t(key)).toBe(key);
    await loadEnglishArea('lint');
    expect(t(key)).toBe(english['./messages/lint.ts'].messages.en[key]);
    await Promise.all(DEFERRED_AREAS.map(loadEnglishArea));
    for (const area of DEFERRED_AREAS) {
      for (const k of Object.keys(english[`./messages/${area}.ts`].messages.en)) expect(k in CATALOG.en, k).toBe(true);
    }
  });

  it('switch to Chinese only once its table is here, never showing a mix', async () => {
    expect(i18n.locale).toBe('en');
    expect(hasTable('zh-CN')).toBe(false);
    expect(CATALOG['zh-CN']).toEqual({});
    const switched = i18n.set('zh-CN', { remember: false });
    // Still all English while the table is on its way.
    expect(i18n.locale).toBe('en');
    expect(t('common.language')).toBe('Language');
    await switched;
    expect(i18n.locale).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(t('common.language')).toBe('语言');
    await Promise.all(DEFERRED_AREAS.map(loadEnglishArea)); // the Chinese table holds every area
    expect(Object.keys(CATALOG['zh-CN']).sort()).toEqual(Object.keys(CATALOG.en).sort());
    await i18n.set('en', { remember: false });
    expect(t('common.language')).toBe('Language');
  });
});
