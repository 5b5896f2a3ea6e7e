import { beforeAll, describe, expect, it } from 'vitest';
import { PORTABLE_ERROR_CODES } from '../../portable/index.ts';
import { CATALOG, PORTABLE_DIALOG_AREAS } from '../i18n/catalog.ts';
import { i18n, loadEnglishArea, loadLocale } from '../i18n/i18n.svelte.ts';
import { refusalText } from './refusal-text.ts';

// The Chinese table is a chunk of its own (catalog.ts), and the dialogs' English comes with the dialogs; these
// tests read both.
beforeAll(() => Promise.all([loadLocale('zh-CN'), ...PORTABLE_DIALOG_AREAS.map(loadEnglishArea)]));

const NOTE_CODES = ['images-dropped', 'unknown-entries', 'compaction', 'branch-summary', 'other-branches', 'custom-messages',
  'bash-unavailable', 'unknown-tools', 'stop-reason', 'redacted-thinking'];
const EXPECTED = ['workspace', 'tools', 'tool', 'string', 'kind', 'uniqueId', 'settings', 'execution', 'entryType', 'messageRole'];

describe('portable messages', () => {
  it('word every refusal, session note and expected shape in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const code of PORTABLE_ERROR_CODES) expect(CATALOG[locale][`portable.error.${code}`], `${locale} ${code}`).toBeTruthy();
      for (const code of NOTE_CODES) expect(CATALOG[locale][`portable.note.${code}`], `${locale} ${code}`).toBeTruthy();
      for (const code of EXPECTED) expect(CATALOG[locale][`portable.expected.${code}`], `${locale} ${code}`).toBeTruthy();
    }
  });

  it('say what was expected, with the shape worded in the reader\'s language', () => {
    const error = { code: 'workspace-invalid' as const, params: { path: 'workspace.tools[0].kind', expected: 'kind' } };
    i18n.set('en');
    expect(refusalText(error)).toBe('The workspace in it is malformed: workspace.tools[0].kind should be "typescript" or "json-schema".');
    i18n.set('zh-CN');
    expect(refusalText(error)).toBe('其中的工作区格式有误：workspace.tools[0].kind 应为 "typescript" 或 "json-schema"。');
    expect(refusalText({ code: 'link-truncated', params: {} })).toContain('校验和之前');
    i18n.set('en');
  });
});
