// Which language a page load starts in, and what happens to a `?lang=` once someone picks a language.
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TOOL_FIELDS, HOOK_EXPORTS, HOOK_RESULT_FIELDS, SCHEMA_OPTIONS, TOOL_GLOBALS, TYPE_BUILDERS } from '../editor/cm/completion-data.ts';
import { CATALOG } from './catalog.ts';
import { loadEnglishArea, loadLocale, pickLocale, tIn, withoutLocaleParam } from './i18n.svelte.ts';

// The Chinese table is a chunk of its own (catalog.ts); these tests read it.
// The Chinese table and the deferred English areas these words live in come as chunks of their own (catalog.ts).
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadEnglishArea('editor-completions'), loadEnglishArea('editor-reference')]));

describe('the starting language', () => {
  const page = 'https://play.example/app/';

  it('takes ?lang= over the remembered choice and the browser, for that load', () => {
    expect(pickLocale({ url: `${page}?lang=zh-CN`, hint: 'en', languages: ['en-US'] })).toBe('zh-CN');
    expect(pickLocale({ url: `${page}?lang=en`, hint: 'zh-CN', languages: ['zh-CN'] })).toBe('en');
  });

  it('ignores a ?lang= it does not know, then prefers the remembered choice', () => {
    expect(pickLocale({ url: `${page}?lang=fr`, hint: 'zh-CN', languages: ['en-US'] })).toBe('zh-CN');
    expect(pickLocale({ url: `${page}?lang=zh`, hint: null, languages: ['en-US'] })).toBe('en');
  });

  it('follows the browser for Simplified Chinese only; Traditional Chinese readers get English', () => {
    for (const languages of [['zh-CN'], ['zh'], ['zh-Hans-CN'], ['zh-SG'], ['de-DE', 'zh-CN']]) {
      expect(pickLocale({ url: page, languages }), languages.join()).toBe('zh-CN');
    }
    for (const languages of [['zh-TW'], ['zh-HK'], ['zh-Hant-TW'], ['en-GB'], []]) {
      expect(pickLocale({ url: page, languages }), languages.join()).toBe('en');
    }
  });

  it('drops ?lang= (and only it) once a language is picked, so a reload keeps the pick', () => {
    expect(withoutLocaleParam(`${page}?lang=zh-CN&demo=1#tools`)).toBe(`${page}?demo=1#tools`);
    expect(withoutLocaleParam(`${page}?demo=1`)).toBeNull();
  });
});

describe('completion help', () => {
  it('has words in both languages for every entry the editor offers', () => {
    const entries = [...TYPE_BUILDERS, ...AGENT_TOOL_FIELDS, ...SCHEMA_OPTIONS, ...HOOK_EXPORTS, ...HOOK_RESULT_FIELDS, ...TOOL_GLOBALS];
    const missing = entries.filter((e) => !(e.info in CATALOG.en) || !(e.info in CATALOG['zh-CN'])).map((e) => e.label);
    expect(missing).toEqual([]);
    expect(tIn('zh-CN', AGENT_TOOL_FIELDS.find((e) => e.label === 'executionMode')!.info)).toContain('sequential');
  });
});
