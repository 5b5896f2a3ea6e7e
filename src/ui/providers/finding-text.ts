// Words a lint finding in the reader's language. Core's findings keep their English `message` and `fix` and say the
// same without words (rule, params, which message and fix, a coded detail: src/ai/lint/types.ts); the words are in
// messages/lint.ts. A rule, variant or detail this build has no words for (one added later) shows core's English.
import type { LintFinding } from '../../ai/lint/index.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { i18n, tIn, type Locale, type MessageParams } from '../i18n/i18n.svelte.ts';

export type WordedFinding = Pick<LintFinding, 'rule' | 'message' | 'fix' | 'params' | 'messageKey' | 'fixKey' | 'detail'>;

/** `lint.<rule>.<part>` or `lint.<rule>.<part>.<variant>`. */
export function findingKey(finding: Pick<LintFinding, 'rule'>, part: 'message' | 'fix', variant: string | undefined): string {
  return variant === undefined ? `lint.${finding.rule}.${part}` : `lint.${finding.rule}.${part}.${variant}`;
}

/** The finding's params with `{detail}` worded in `locale`; undefined when a detail it needs has no words here. */
function wordedParams(finding: WordedFinding, template: string, locale: Locale): MessageParams | undefined {
  if (!template.includes('{detail}')) return finding.params;
  const key = finding.detail && `lint.detail.${finding.detail.code}`;
  if (!key || !(key in CATALOG.en)) return undefined;
  return { ...finding.params, detail: tIn(locale, key, finding.detail!.params) };
}

function worded(finding: WordedFinding, part: 'message' | 'fix', locale: Locale): string {
  const key = findingKey(finding, part, part === 'message' ? finding.messageKey : finding.fixKey);
  const template = CATALOG.en[key];
  const params = template === undefined ? undefined : wordedParams(finding, template, locale);
  return params ? tIn(locale, key, params) : finding[part];
}

/** What goes wrong, in `locale` (the current language by default; reactive inside components). */
export function findingMessage(finding: WordedFinding, locale: Locale = i18n.locale): string {
  return worded(finding, 'message', locale);
}

/** The one-line fix, in `locale`. */
export function findingFix(finding: WordedFinding, locale: Locale = i18n.locale): string {
  return worded(finding, 'fix', locale);
}

/**
 * Why a tool's schema cannot be sent, in `locale`: the coded detail in words, or `fallback` (core's English: the
 * whole message) when there is no detail or no words for it.
 */
export function schemaProblemText(detail: WordedFinding['detail'], fallback: string, locale: Locale = i18n.locale): string {
  const key = detail && `lint.detail.${detail.code}`;
  return key && key in CATALOG.en ? tIn(locale, key, detail!.params) : fallback;
}
