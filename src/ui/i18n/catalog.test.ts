import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from './catalog.ts';
import { DEFERRED_AREAS } from './catalog.ts';
import { format, i18n, loadEnglishArea, loadLocale, t } from './i18n.svelte.ts';
import { isUntranslated } from './untranslated.ts';

// The Chinese table and the deferred areas' English are chunks of their own (catalog.ts); these tests read them.
beforeAll(() => Promise.all([loadLocale('zh-CN'), ...DEFERRED_AREAS.map(loadEnglishArea)]));

const sources = import.meta.glob<string>('/src/**/*.{ts,svelte}', { query: '?raw', import: 'default', eager: true });

describe('message catalog', () => {
  it('has the same keys in English and Simplified Chinese, none empty', () => {
    const en = Object.keys(CATALOG.en).sort();
    const zh = Object.keys(CATALOG['zh-CN']).sort();
    expect(zh).toEqual(en);
    for (const key of en) {
      expect(CATALOG.en[key].trim(), key).not.toBe('');
      expect(CATALOG['zh-CN'][key].trim(), key).not.toBe('');
    }
  });

  it('leaves no English text untranslated in the Chinese table', () => {
    const untranslated = Object.keys(CATALOG.en).filter((key) => isUntranslated(CATALOG.en[key], CATALOG['zh-CN'][key]));
    expect(untranslated).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(CATALOG.en)) expect(names(CATALOG['zh-CN'][key]), key).toEqual(names(CATALOG.en[key]));
  });

  it('defines every key the code looks up', () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (file.includes('/i18n/')) continue;
      for (const m of text.matchAll(/\b(?:(?:t|msg)\(|tIn\([\w.'"-]+,)\s*'([\w.-]+)'/g)) {
        if (!(m[1] in CATALOG.en)) missing.push(`${file}: ${m[1]}`);
      }
      // tp('x', n) needs both plural forms, x.one and x.other.
      for (const m of text.matchAll(/\btp\(\s*'([\w.-]+)'/g)) {
        for (const form of ['one', 'other']) if (!(`${m[1]}.${form}` in CATALOG.en)) missing.push(`${file}: ${m[1]}.${form}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('switches language for every lookup and fills placeholders', async () => {
    // Not remembered: other test pages of this origin share localStorage.
    await i18n.set('zh-CN', { remember: false });
    expect(t('common.language')).toBe('语言');
    expect(document.documentElement.lang).toBe('zh-CN');
    await i18n.set('en', { remember: false });
    expect(document.documentElement.lang).toBe('en');
    expect(t('common.language')).toBe('Language');
    expect(format('{n} of {total}', { n: 2, total: 5 })).toBe('2 of 5');
  });
});
