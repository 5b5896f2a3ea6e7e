// Parsing of tool-call argument text while it streams in, with the semantics of pi-ai 0.85.1's
// parseStreamingJson: strict JSON first, then a repaired text, then a salvaging partial-JSON parse.
import { parse as parsePartialJson } from 'partial-json';

/** Characters that may follow a backslash inside a JSON string. */
const JSON_ESCAPE_LETTERS = '"\\/bfnrtu';

const SHORT_CONTROL_ESCAPES: Record<string, string> = {
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function escapeControl(char: string): string {
  return SHORT_CONTROL_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function isHexQuad(text: string): boolean {
  return /^[0-9a-fA-F]{4}$/.test(text);
}

/** A character repairJson may have to change: a backslash, or a raw control character. */
const MAY_NEED_REPAIR = /[\\\u0000-\u001f]/;
/** The next character that matters inside a string literal: a quote, a backslash, a control character. */
const STRING_SPECIAL = /["\\\u0000-\u001f]/g;

/**
 * Fixes the two string-literal mistakes models make: raw control characters (escaped) and backslashes
 * that start no valid escape, or end the text (doubled). Text outside string literals is left alone.
 * Runs of ordinary characters are copied as slices, so the cost stays linear in the text's length (it is
 * called on the whole argument text after every delta while a tool call streams).
 */
export function repairJson(text: string): string {
  if (!MAY_NEED_REPAIR.test(text)) return text; // nothing it could change: the very same text
  const out: string[] = [];
  let inString = false;
  let i = 0;
  while (i < text.length) {
    if (!inString) {
      const quote = text.indexOf('"', i);
      if (quote === -1) { out.push(text.slice(i)); break; }
      out.push(text.slice(i, quote + 1));
      inString = true;
      i = quote + 1;
      continue;
    }
    STRING_SPECIAL.lastIndex = i;
    const found = STRING_SPECIAL.exec(text);
    if (!found) { out.push(text.slice(i)); break; }
    const at = found.index;
    if (at > i) out.push(text.slice(i, at));
    const char = text[at];
    if (char === '"') {
      out.push(char);
      inString = false;
      i = at + 1;
      continue;
    }
    if (char !== '\\') {
      out.push(escapeControl(char));
      i = at + 1;
      continue;
    }
    const next = text[at + 1];
    if (next === 'u' && isHexQuad(text.slice(at + 2, at + 6))) {
      out.push(text.slice(at, at + 6));
      i = at + 6;
    } else if (next !== undefined && JSON_ESCAPE_LETTERS.includes(next)) {
      // A `\u` without four hex digits is kept as it is (pi keeps it too), so JSON.parse still fails on it.
      out.push(`\\${next}`);
      i = at + 2;
    } else {
      // Double the lone backslash; the character after it is read normally on the next step.
      out.push('\\\\');
      i = at + 1;
    }
  }
  return out.join('');
}

/** JSON.parse, retried once on the repaired text when repairing changes anything. Throws when both fail. */
export function parseJsonWithRepair(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const repaired = repairJson(text);
    if (repaired === text) throw error;
    return JSON.parse(repaired);
  }
}

function tryPartial(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parsePartialJson(text) ?? {} };
  } catch {
    return { ok: false };
  }
}

/**
 * The value a provider stores as `toolCall.arguments` after each delta, and at the end of the block, as pi
 * 0.85.1 does: empty or blank text → `{}`; a text that parses (as is, or repaired) → that value, whatever its
 * type (`"42"` → 42); otherwise the salvage of `partial-json` (on the text, then on the repaired text), with
 * `null`/`undefined` turned into `{}`; `{}` when nothing works. Never throws.
 */
export function parseStreamingJson(text: string): any {
  if (!text || text.trim() === '') return {};
  try {
    return parseJsonWithRepair(text);
  } catch {
    // fall through to the salvaging parser
  }
  const direct = tryPartial(text);
  if (direct.ok) return direct.value;
  const repaired = tryPartial(repairJson(text));
  return repaired.ok ? repaired.value : {};
}
