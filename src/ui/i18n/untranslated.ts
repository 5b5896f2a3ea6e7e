// Decides whether a Chinese message was left in English. Technical names (TypeBox, JSON, API ids, code) may stay
// as they are; prose may not.

/** Words that are the same in both languages: product, library and protocol names, code identifiers. */
const TECHNICAL = /^(pi|TypeBox|JSON|JSON Schema|Schema|OpenAI|Anthropic|Google|Gemini|Mistral|Bedrock|Vertex|Azure|Codex|MCP|TypeScript|IndexedDB|Playwright|Vitest|Perfetto|Chrome|DevTools|SSE|URL|ID|id|ms|KB|MB|API|UTF-8|CodeMirror|Static<typeof parameters>|[\w.$<>:/@-]*[_.$<>:/@()[\]-][\w.$<>:/@()[\]-]*)$/;

export function isUntranslated(en: string, zh: string): boolean {
  if (/[\u3400-\u9fff]/.test(zh)) return false; // has Chinese text
  const prose = en.replace(/\{\w+\}/g, '').trim();
  if (!/[A-Za-z]{2,}/.test(prose)) return false; // symbols, numbers, placeholders only
  return !prose.split(/\s+/).every((word) => TECHNICAL.test(word.replace(/[,.:;!?()]+$/g, '')));
}
