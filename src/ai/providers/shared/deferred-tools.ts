// Tool de-duplication and "deferred" tools, as pi-ai 0.85.1 splits them: tools first introduced by a tool
// result (`addedToolNames`) can be loaded mid-conversation on APIs that support it instead of up front.
import type { Context, Tool } from '../../types.ts';

export interface ToolPlacement {
  /** Sent with the request. Duplicate names collapse: the first position, the last definition. */
  immediate: Tool[];
  /** Loaded later in the transcript (only when the API supports deferred tools). */
  deferred: Map<string, Tool>;
}

export function splitDeferredTools(context: Context, enabled: boolean, normalizeName: (name: string) => string = (n) => n): ToolPlacement {
  // A Map keeps the first insertion position while a later set() replaces the value.
  const unique = new Map<string, Tool>();
  for (const tool of context.tools ?? []) unique.set(normalizeName(tool.name), tool);
  if (!enabled) return { immediate: [...unique.values()], deferred: new Map() };

  const used = new Set<string>();
  const deferredNames = new Set<string>();
  for (const message of context.messages) {
    if (message.role === 'assistant') {
      for (const block of message.content) if (block.type === 'toolCall') used.add(normalizeName(block.name));
    } else if (message.role === 'toolResult') {
      for (const name of message.addedToolNames ?? []) {
        const normalized = normalizeName(name);
        if (!used.has(normalized)) deferredNames.add(normalized);
      }
    }
  }
  const immediate: Tool[] = [];
  const deferred = new Map<string, Tool>();
  for (const [name, tool] of unique) {
    if (deferredNames.has(name)) deferred.set(name, tool);
    else immediate.push(tool);
  }
  return { immediate, deferred };
}
