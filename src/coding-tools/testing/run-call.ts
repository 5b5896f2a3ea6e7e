// Runs one tool call the way pi-agent-core 0.85.1 does for a model-issued call (prepareArguments, then
// validation, then execute; a throw becomes an error result) and records what the model gets back.
// Used by the differential tests for pi's tools and ours alike; the validator is injected (pi's own).
import type { ImageContent, TextContent } from '../../ai/index.ts';
import type { AgentTool } from '../../engine/index.ts';

export interface CallOutcome {
  content: (TextContent | ImageContent)[];
  details: unknown;
  isError: boolean;
}

export type Validate = (tool: AgentTool<any>, toolCall: { type: 'toolCall'; id: string; name: string; arguments: any }) => unknown;

export async function runToolCall(tool: AgentTool<any>, args: unknown, validate: Validate, signal?: AbortSignal): Promise<CallOutcome> {
  let toolCall = { type: 'toolCall' as const, id: 'call-1', name: tool.name, arguments: args as any };
  try {
    if (tool.prepareArguments) {
      const prepared = tool.prepareArguments(toolCall.arguments);
      if (prepared !== toolCall.arguments) toolCall = { ...toolCall, arguments: prepared };
    }
    const valid = validate(tool, toolCall);
    const result = await tool.execute(toolCall.id, valid as never, signal);
    return { content: result.content, details: result.details, isError: false };
  } catch (error) {
    return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], details: {}, isError: true };
  }
}

/** Replaces every occurrence of `from` in the strings of a JSON-like value (a temp dir -> the virtual root). */
export function mapStrings<T>(value: T, from: string, to: string): T {
  if (typeof value === 'string') return value.split(from).join(to) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, from, to)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, from, to)])) as T;
  }
  return value;
}

/**
 * rg prints files in a nondeterministic order; pi does not sort. For comparison, blocks of consecutive
 * lines from the same file are put in path order (lines inside a block keep their order).
 */
export function canonicalGrepText(text: string): string {
  const [body, ...rest] = text.split('\n\n[');
  const lines = body.split('\n');
  const fileOf = (line: string) => /^(.*?)(?::\d+: |-\d+- )/.exec(line)?.[1] ?? line;
  const blocks: { file: string; lines: string[] }[] = [];
  for (const line of lines) {
    const file = fileOf(line);
    const last = blocks[blocks.length - 1];
    if (last && last.file === file) last.lines.push(line);
    else blocks.push({ file, lines: [line] });
  }
  const merged = new Map<string, string[]>();
  for (const b of blocks) merged.set(b.file, [...(merged.get(b.file) ?? []), ...b.lines]);
  const sorted = [...merged.keys()].sort().flatMap((f) => merged.get(f)!);
  return [sorted.join('\n'), ...rest].join('\n\n[');
}
