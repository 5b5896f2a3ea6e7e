// What each API variant does with a tool, as pi-ai 0.85.1 decides it: whether strict JSON-schema sampling
// and OpenAI grammar tools are available, and which tool names the provider accepts (from the providers'
// own validation errors; see docs/decisions/providers-lint-rules.md).
import type { KnownApi, Model } from '../types.ts';
import type { ApiVariant } from '../providers/known-apis.ts';
import { completionsCompat } from '../providers/openai-completions-compat.ts';
import { supportsGoogleStrict } from '../providers/google-shared.ts';

const flag = (model: Model, key: string): unknown => (model.compat as Record<string, unknown> | undefined)?.[key];

export function supportsStrict(variant: ApiVariant): boolean {
  const { model } = variant;
  switch (variant.api) {
    case 'openai-completions': return completionsCompat(model).supportsStrictMode !== false;
    case 'openai-responses': return (flag(model, 'supportsStrictMode') as boolean | undefined) ?? false;
    case 'azure-openai-responses':
    case 'openai-codex-responses': return (flag(model, 'supportsStrictMode') as boolean | undefined) ?? true;
    case 'anthropic-messages': return (flag(model, 'supportsStrictTools') as boolean | undefined) ?? false;
    case 'google-generative-ai':
    case 'google-vertex': return supportsGoogleStrict(model.id);
    case 'mistral-conversations': return true;
    case 'bedrock-converse-stream': return (flag(model, 'supportsStrictMode') as boolean | undefined) ?? false;
    default: return false;
  }
}

export function supportsGrammar(variant: ApiVariant): boolean {
  if (variant.api === 'openai-completions') return completionsCompat(variant.model).supportsOpenAIGrammarTools;
  if (variant.api === 'openai-responses' || variant.api === 'azure-openai-responses' || variant.api === 'openai-codex-responses') {
    return (flag(variant.model, 'supportsOpenAIGrammarTools') as boolean | undefined) ?? false;
  }
  return false;
}

/** The OpenAI family, whose strict mode accepts only a subset of JSON Schema. */
export const OPENAI_FAMILY: ReadonlySet<KnownApi> = new Set(['openai-completions', 'openai-responses', 'azure-openai-responses', 'openai-codex-responses']);

export interface NameRule {
  pattern: RegExp;
  /** Which characters: OpenAI's letters, digits, _ and - ('plain'), or Gemini's, which also allow . after the first. */
  charset: 'plain' | 'gemini';
  /** Longest accepted name. */
  max: number;
  /** Human form, shown in the message. */
  rule: string;
}

function nameRule(pattern: RegExp, charset: NameRule['charset'], max: number): NameRule {
  const chars = charset === 'gemini' ? 'starts with a letter or _, then letters, digits, _, . and -' : 'letters, digits, _ and -';
  return { pattern, charset, max, rule: `${chars}, at most ${max} characters` };
}

const OPENAI_NAME = nameRule(/^[a-zA-Z0-9_-]{1,64}$/, 'plain', 64);
const GEMINI_NAME = nameRule(/^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/, 'gemini', 64);

/** Tool-name rules per API; pi-messages forwards names to its own backend and has none. */
export const NAME_RULES: Partial<Record<KnownApi, NameRule>> = {
  'openai-completions': OPENAI_NAME,
  'openai-responses': OPENAI_NAME,
  'azure-openai-responses': OPENAI_NAME,
  'openai-codex-responses': OPENAI_NAME,
  'anthropic-messages': nameRule(/^[a-zA-Z0-9_-]{1,128}$/, 'plain', 128),
  'google-generative-ai': GEMINI_NAME,
  'google-vertex': GEMINI_NAME,
  'mistral-conversations': OPENAI_NAME,
  'bedrock-converse-stream': nameRule(/^[a-zA-Z0-9_-]{1,64}$/, 'plain', 64),
};
