// Test support for the differential validation tests: runs a validateToolArguments-shaped function and
// captures what it returned or threw, so pi's outcome and ours can be compared as plain data.
import type { Tool, ToolCall } from '../types.ts';

export type ValidateFn = (tool: Tool, toolCall: ToolCall) => unknown;

export type Outcome = { ok: true; value: unknown } | { ok: false; message: string; errorName: string };

export function outcomeOf(validate: ValidateFn, parameters: unknown, args: unknown, name = 'probe'): Outcome {
  const tool = { name, description: '', parameters } as Tool;
  const call = { type: 'toolCall', id: 'call_1', name, arguments: args } as ToolCall;
  try {
    return { ok: true, value: validate(tool, call) };
  } catch (thrown) {
    const error = thrown as { message?: unknown; name?: unknown };
    return { ok: false, message: String(error?.message ?? thrown), errorName: String(error?.name) };
  }
}

/** The error lines of a pi validation message (`count: must be integer`), without frame or arguments. */
export function issueLines(message: string): string[] {
  const body = message.split('\n\nReceived arguments:\n')[0] ?? '';
  return body
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^ {2}- /, ''));
}
