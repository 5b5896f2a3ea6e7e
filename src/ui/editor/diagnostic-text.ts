// Words a sandbox diagnostic in the reader's language: problems our own checks find carry a `code` and `params`
// (src/sandbox/types.ts) and are looked up in messages/diagnostics.ts; anything else (the engine's syntax and
// runtime errors, a code this build has no words for) is shown as the sandbox wrote it.
import type { Diagnostic } from '../../state/run/tool-runtime.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { i18n, tIn, type Locale, type MessageParams } from '../i18n/i18n.svelte.ts';

/** The parts several messages share (who, what was found, where), worded before the message itself. */
function derivedParams(locale: Locale, params: Record<string, string | number>): MessageParams {
  const words: MessageParams = { ...params };
  if (params.tool !== undefined) words.subject = tIn(locale, 'diagnostics.subject.tool', { tool: params.tool });
  else if (params.origin !== undefined) words.subject = tIn(locale, 'diagnostics.subject.origin', { origin: params.origin });
  if (params.gotKind !== undefined) {
    words.got = params.gotKind === 'string' ? tIn(locale, 'diagnostics.got.string', { value: params.gotValue ?? '' })
      : params.gotKind === 'missing' ? tIn(locale, 'diagnostics.got.missing')
      : tIn(locale, 'diagnostics.got.other', { kind: params.gotKind });
  }
  if (params.type !== undefined) words.typeName = params.type === 'array' ? tIn(locale, 'diagnostics.type.array') : params.type;
  if (params.name !== undefined && params.hook === undefined) {
    const where = params.file !== undefined ? String(params.file) : tIn(locale, 'diagnostics.where.sameFile');
    words.where = params.line !== undefined ? tIn(locale, 'diagnostics.where.line', { where, line: params.line }) : where;
  }
  return words;
}

/** The diagnostic's message in `locale` (the current language by default; reactive inside components). */
export function diagnosticText(d: Pick<Diagnostic, 'message' | 'code' | 'params'>, locale: Locale = i18n.locale): string {
  const key = d.code ? `diagnostics.${d.code}` : '';
  if (!key || !(key in CATALOG.en)) return d.message;
  return tIn(locale, key, derivedParams(locale, d.params ?? {}));
}
