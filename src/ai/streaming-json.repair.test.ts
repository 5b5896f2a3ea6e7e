// repairJson copies runs of ordinary characters as slices; this checks it against the character-by-character
// reading it replaced (kept here as the reference) on random texts made of the characters that matter.
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../recording/scenario/index.ts';
import { repairJson } from './streaming-json.ts';

function referenceRepair(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; ) {
    const char = text[i];
    if (!inString) { out += char; if (char === '"') inString = true; i += 1; continue; }
    if (char === '"') { out += char; inString = false; i += 1; continue; }
    if (char !== '\\') {
      const code = char.charCodeAt(0);
      const short: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
      out += code <= 0x1f ? short[char] ?? `\\u${code.toString(16).padStart(4, '0')}` : char;
      i += 1;
      continue;
    }
    const next = text[i + 1];
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) { out += text.slice(i, i + 6); i += 6; }
    else if (next !== undefined && '"\\/bfnrtu'.includes(next)) { out += `\\${next}`; i += 2; }
    else { out += '\\\\'; i += 1; }
  }
  return out;
}

describe('repairJson', () => {
  it('gives what the character-by-character reading gives, on 20,000 random texts', () => {
    const alphabet = ['"', '\\', 'a', 'u', '0', 'f', 'F', 'n', 'x', '\n', '\t', '\u0001', '{', '}', ':', ',', ' ', 'é'];
    const random = createSeededRandom(7);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = Math.floor(random() * 24);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(repairJson(text), JSON.stringify(text)).toBe(referenceRepair(text));
    }
  });

  it('returns the very text when there is nothing to repair', () => {
    const text = '{"path":"/x","content":"' + 'a'.repeat(1000);
    expect(repairJson(text)).toBe(text);
  });
});
