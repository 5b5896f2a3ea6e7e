// Hooks for tools whose code runs elsewhere (the sandbox). pi calls prepareArguments synchronously; a tool
// living in a worker can only answer asynchronously, so the loop awaits this keyed function at the same point.
import type { ToolCall } from '../ai/index.ts';
import type { AgentTool } from './types.ts';

/**
 * What a remote prepareArguments reports: the returned value, or that the user's function returned a
 * Promise (pi does not await it; validation then fails to clone it, so the loop hands a Promise on).
 */
export type RemotePrepareOutcome =
  | { value: unknown; sameObject?: boolean }
  | { returnedPromise: true };

/**
 * An AgentTool may carry `tool[PREPARE_ARGUMENTS_ASYNC] = async (args) => outcome`. When present the loop
 * awaits it where pi calls `prepareArguments(args)`: a rejection is a prepare error with its message;
 * `{ value }` is used exactly as a synchronous return value would be. `sameObject: true` means the function
 * returned its argument (possibly mutated): as in pi the original call is kept, and the loop writes `value`'s
 * own keys back into the original arguments object so in-place changes are seen as pi would see them.
 */
export const PREPARE_ARGUMENTS_ASYNC: unique symbol = Symbol.for('pi-playground.prepareArgumentsAsync') as never;

export type PrepareArgumentsAsync = (args: unknown) => Promise<RemotePrepareOutcome>;

/** The tool's sandboxed prepareArguments, if it has one. */
export function remotePrepareOf(tool: AgentTool<any>): PrepareArgumentsAsync | undefined {
  return (tool as { [PREPARE_ARGUMENTS_ASYNC]?: PrepareArgumentsAsync })[PREPARE_ARGUMENTS_ASYNC];
}

/** A sandboxed tool's prepareArguments, mapped onto pi's semantics (the contract above). */
export async function prepareToolCallArgumentsRemotely(prepare: PrepareArgumentsAsync, toolCall: ToolCall): Promise<ToolCall> {
  const outcome = await prepare(toolCall.arguments);
  if ('returnedPromise' in outcome) {
    // pi does not await a returned Promise: validation then fails to clone it, with the engine's own message.
    return { ...toolCall, arguments: new Promise<never>(() => {}) as never };
  }
  if (outcome.sameObject) {
    const target = toolCall.arguments as unknown;
    const value = outcome.value;
    if (target !== null && typeof target === 'object' && value !== null && typeof value === 'object') {
      Object.assign(target, value);
    }
    return toolCall;
  }
  return { ...toolCall, arguments: outcome.value as ToolCall['arguments'] };
}
