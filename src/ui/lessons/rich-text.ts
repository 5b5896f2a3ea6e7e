// Splits lesson prose into plain text and code: text in backticks, identifiers (toolCall, tool_execution_end,
// Context.tools), calls, object literals, `key: value` pairs, quoted strings, regular expressions and file paths are
// shown in code type. Lessons mark only ambiguous words (`execute`, `read`) by hand; the rest is recognised.

export interface TextSegment {
  code: boolean;
  text: string;
}

const CODE = new RegExp([
  String.raw`\`[^\`]+\``, // written as code: `execute`
  String.raw`new \w+\((?:[^()"]|"[^"]*")*\)`, // new Error("…")
  String.raw`\b\w+(?:\.\w+)*\((?:[^()"]|"[^"]*")*\)`, // onUpdate(partialResult)
  String.raw`\^\S+\$`, // ^[A-Z]-\d{4}$
  String.raw`\{[^{}]*\}`, // { block: true, reason }
  String.raw`\[[^\]]*"[^\]]*\]`, // ["convert_currency"]
  String.raw`\b\w+: (?:true|false|\d+)\b|\b(?:[a-z]+[A-Z]\w*|days): "[^"\n]*"`, // isError: true, toolExecution: "sequential"
  String.raw`"[^"\n]*"`, // "toolUse"
  String.raw`/?\b[\w-]+(?:/[\w.-]+)+`, // src/config.ts
  String.raw`\.env\b|\bpi-messages\b`,
  String.raw`\b[A-Za-z_]\w*(?:\[\])?(?:\.[A-Za-z_]\w*)+`, // Context.tools, edits[].oldText
  String.raw`\b[a-z]+[A-Z][A-Za-z0-9]*\b`, // camelCase
  String.raw`\b(?:Agent[A-Z]\w*|AbortSignal)\b`, // pi's type names
  String.raw`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`, // snake_case, call_1_2
].join('|'), 'g');

/** Words that look like code to the patterns above but are prose. */
const PROSE = new Set(['e.g', 'i.e']);

export function splitCode(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(CODE)) {
    const start = match.index ?? 0;
    const value = match[0];
    if (PROSE.has(value) || /^\d+(\.\d+)+$/.test(value)) continue;
    if (start > last) out.push({ code: false, text: text.slice(last, start) });
    out.push({ code: true, text: value.startsWith('`') ? value.slice(1, -1) : value });
    last = start + value.length;
  }
  if (last < text.length) out.push({ code: false, text: text.slice(last) });
  return out;
}
