// Which token count the providers panel can give for a model: OpenAI's own encodings (exact for the serialised
// text) where the model is OpenAI's, a labelled approximation for every other family (their tokenizers are not
// published for offline use). Chosen by the model id alone, so the label is known before any tokenizer loads.

export type EncodingName = 'o200k_base' | 'cl100k_base';
export type ModelFamily = 'openai' | 'anthropic' | 'google' | 'mistral' | 'other';

export type CountMethod =
  /** OpenAI's own BPE for this model: the count of the serialised text is exact. */
  | { kind: 'tokenizer'; family: 'openai'; encoding: EncodingName }
  /** Another family's tokenizer is not available offline: o200k_base's count of the same text stands in. */
  | { kind: 'approximation'; family: Exclude<ModelFamily, 'openai'>; basis: 'o200k_base' }
  /** Gemini: Google documents "about 4 characters" per token; the figure is characters ÷ 4, rounded up. */
  | { kind: 'approximation'; family: 'google'; basis: 'chars/4' };

/** The model's own name, without a router's `vendor/` prefix or Bedrock's `region.vendor.` prefix. */
function bareId(modelId: string): string {
  const id = modelId.toLowerCase();
  return id.slice(id.lastIndexOf('/') + 1).replace(/^(?:(?:global|us|eu|apac|jp|au)\.)?[a-z]+\./, '');
}

/** OpenAI models on cl100k_base (GPT-4, GPT-4 Turbo, GPT-3.5 Turbo, embeddings v2/v3); newer ones use o200k_base. */
const CL100K = /^(?:gpt-4(?:-.*)?|gpt-3\.5.*|text-embedding-(?:ada-002|3-.*))$/;
const OPENAI = /^(?:gpt-|chatgpt-|o[1-9](?:$|-)|codex-|text-embedding-)/;

export function familyOf(modelId: string): ModelFamily {
  const id = modelId.toLowerCase();
  const bare = bareId(modelId);
  if (OPENAI.test(bare) && !bare.startsWith('gpt-oss')) return 'openai';
  if (id.includes('claude') || id.includes('anthropic')) return 'anthropic';
  if (id.includes('gemini') || id.includes('gemma')) return 'google';
  if (/mistral|mixtral|codestral|magistral|devstral|ministral|pixtral/.test(id)) return 'mistral';
  return 'other';
}

export function countMethod(modelId: string): CountMethod {
  const family = familyOf(modelId);
  if (family === 'openai') return { kind: 'tokenizer', family, encoding: CL100K.test(bareId(modelId)) ? 'cl100k_base' : 'o200k_base' };
  if (family === 'google') return { kind: 'approximation', family, basis: 'chars/4' };
  return { kind: 'approximation', family, basis: 'o200k_base' };
}

/** The encoding a method needs loaded, if any. */
export function encodingOf(method: CountMethod): EncodingName | undefined {
  return method.kind === 'tokenizer' ? method.encoding : method.basis === 'o200k_base' ? 'o200k_base' : undefined;
}
