// The panel's words for things core names by id: API tabs, variants and their notes, conversation moments and
// lint rules, in the reader's language. Variants or rules the message catalog does not know (added later, or
// by tests) fall back to core's own English text, so nothing shows as a bare key.
import type { ApiVariant } from '../../ai/providers/index.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { t } from '../i18n/i18n.svelte.ts';

/** A tab's worst news: the request fails, or lint found errors or warnings. */
export type TabStatus = 'fails' | 'error' | 'warning' | 'ok';

const known = (key: string) => key in CATALOG.en;

/** Short tab text for an API id. */
export function apiLabel(api: string, fallback = api): string {
  return known(`providers.api.${api}`) ? t(`providers.api.${api}`) : fallback;
}

/** Short text for a variant within its API ("Default", "OAuth token", …). */
export function variantLabel(variant: ApiVariant): string {
  if (variant.key === variant.api) return t('providers.variant.default');
  return known(`providers.variant.${variant.key}`) ? t(`providers.variant.${variant.key}`) : variant.label;
}

/** Tab and picker text naming API and variant together. */
export function variantFullLabel(variant: ApiVariant): string {
  const api = apiLabel(variant.api, variant.label);
  return variant.key === variant.api ? api : `${api} · ${variantLabel(variant)}`;
}

/** One sentence on what this variant shows. */
export function variantNote(variant: ApiVariant): string {
  return known(`providers.note.${variant.key}`) ? t(`providers.note.${variant.key}`) : variant.note;
}

export function ruleTitle(rule: string): string {
  return known(`providers.rule.${rule}`) ? t(`providers.rule.${rule}`) : rule;
}
