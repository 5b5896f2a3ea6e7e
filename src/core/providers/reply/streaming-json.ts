// Tool-call arguments as pi-ai 0.85.1 reads them while they stream in: strict JSON first, then JSON with
// raw control characters and stray backslashes repaired, then partial-json's salvage of a cut-off prefix.
// The same function gives the final value, so a truncated reply yields silently incomplete arguments.
import { parse as parsePartial } from 'partial-json';

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);
const CONTROL_ESCAPES: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Escapes raw control characters inside strings and doubles backslashes that start no valid escape. */
export function repairJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (!inString) {
      out += ch;
      if (ch === '"') inString = true;
      continue;
    }
    if (ch === '"') {
      out += ch;
      inString = false;
      continue;
    }
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        out += '\\\\';
        continue;
      }
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += `\\u${text.slice(i + 2, i + 6)}`;
        i += 5;
        continue;
      }
      if (VALID_ESCAPES.has(next)) {
        out += `\\${next}`;
        i += 1;
        continue;
      }
      out += '\\\\';
      continue;
    }
    const code = ch.codePointAt(0)!;
    out += code <= 0x1f ? CONTROL_ESCAPES[ch] ?? `\\u${code.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}

/** JSON.parse, retried once on the repaired text when repair changed anything. Throws like JSON.parse. */
export function parseJsonWithRepair(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const repaired = repairJson(text);
    if (repaired !== text) return JSON.parse(repaired);
    throw error;
  }
}

/** Never throws: a complete value as-is (even a non-object), else the salvaged prefix, else `{}`. */
export function parseStreamingJson(text: string | undefined): any {
  if (!text || text.trim() === '') return {};
  try {
    return parseJsonWithRepair(text);
  } catch {
    try {
      return parsePartial(text) ?? {};
    } catch {
      try {
        return parsePartial(repairJson(text)) ?? {};
      } catch {
        return {};
      }
    }
  }
}
