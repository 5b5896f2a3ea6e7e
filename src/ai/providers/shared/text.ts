// Small text helpers every encoder shares: dropping lone UTF-16 surrogates (which break JSON on several
// providers) and the short deterministic hash pi-ai uses to shorten long ids.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes unpaired surrogates; paired ones (emoji) are kept. Same effect as pi-ai's sanitizeSurrogates. */
export function stripLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '');
}

/**
 * A 53-bit style double hash rendered in base 36. The exact arithmetic matters: ids derived from it
 * (Mistral's 9-char ids, OpenAI Responses item ids, long call ids) must equal the ones pi-ai 0.85.1 sends.
 */
export function shortHash(text: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 2654435761);
    b = Math.imul(b ^ code, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (b >>> 0).toString(36) + (a >>> 0).toString(36);
}

/** Keeps at most `max` code points (not UTF-16 units), as OpenAI's prompt_cache_key limit is counted. */
export function clampCodePoints(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}
