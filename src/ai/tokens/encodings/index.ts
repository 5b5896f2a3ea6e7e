// Loads OpenAI's BPE encodings from gpt-tokenizer on demand: each is megabytes of ranks, so they are imported
// dynamically (their own chunks) and only when token figures are shown, never on the first page load.
import type { EncodingName } from '../method.ts';
import type { CountTokens } from '../tool-tokens.ts';

// Text from a tool definition is ordinary text to the API: "<|endoftext|>" in a description is counted as
// characters, not refused as a special token.
const PLAIN = { disallowedSpecial: new Set<string>() };

const loading = new Map<EncodingName, Promise<CountTokens>>();

export function loadEncoding(name: EncodingName): Promise<CountTokens> {
  let promise = loading.get(name);
  if (!promise) {
    const module = name === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base');
    promise = module.then((m) => (text: string) => m.countTokens(text, PLAIN));
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}
