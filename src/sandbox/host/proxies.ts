// Host-side stand-ins for the user's tools and hooks: pi-shaped AgentTool objects and hook functions whose
// bodies run in the sandbox. A throw in user code arrives as an Error with pi's text for it (the Error's
// message, or String(value)), so the loop reports it exactly as pi would.
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from '../../engine/index.ts';
import type { AgentTool, AgentToolResult, AfterToolCallResult, BeforeToolCallResult } from '../../engine/index.ts';
import type { CallKind, CallOutcome, CodeFrame } from '../protocol.ts';
import type { Evaluation, SandboxHooks, TurnRequest } from '../types.ts';
import { toHookContext, toPlainData } from './hook-context.ts';

/** An error thrown by user code in the sandbox; `location` is where, in the user's source, when known. */
export class SandboxCallError extends Error {
  constructor(message: string, readonly location?: { fileId: string; line: number; column: number }) {
    super(message);
    this.name = 'SandboxCallError';
  }
}

export interface CallRequest {
  kind: CallKind;
  fileId: string;
  toolName?: string;
  toolCallId?: string;
  payload: unknown;
}

export interface CallPort {
  /** Resolves with user code's outcome; rejects (timeout, restart, disposal) with an Error whose message says so. */
  call(request: CallRequest, options: { label: string; toolCallId?: string; signal?: AbortSignal; onUpdate?: (partial: unknown) => void }): Promise<CallOutcome>;
  locate(frame: CodeFrame): { fileId: string; line: number; column: number } | undefined;
}

function unwrap(port: CallPort, outcome: CallOutcome): Extract<CallOutcome, { ok: true }> {
  if (outcome.ok) return outcome;
  throw new SandboxCallError(outcome.message, outcome.frame ? port.locate(outcome.frame) : undefined);
}

export function createAgentTools(evaluation: Evaluation, port: CallPort): AgentTool[] {
  return evaluation.tools.map((evaluated) => {
    const { fileId, name } = evaluated;
    const tool: AgentTool & { [PREPARE_ARGUMENTS_ASYNC]?: PrepareArgumentsAsync } = {
      name,
      label: evaluated.label ?? name,
      description: evaluated.description,
      parameters: evaluated.parameters,
      ...(evaluated.executionMode ? { executionMode: evaluated.executionMode } : {}),
      ...(evaluated.constrainedSampling !== undefined ? { constrainedSampling: evaluated.constrainedSampling } : {}),
      async execute(toolCallId, params, signal, onUpdate) {
        if (!evaluated.hasExecute) throw new SandboxCallError(`Tool "${name}" has no execute function`);
        const outcome = await port.call(
          { kind: 'execute', fileId, toolName: name, toolCallId, payload: params },
          { label: `Tool "${name}"`, toolCallId, signal, onUpdate: onUpdate as ((partial: unknown) => void) | undefined },
        );
        return unwrap(port, outcome).value as AgentToolResult<unknown>;
      },
    };
    if (evaluated.hasPrepareArguments) {
      tool[PREPARE_ARGUMENTS_ASYNC] = async (args) => {
        const outcome = unwrap(port, await port.call(
          { kind: 'prepareArguments', fileId, toolName: name, payload: args },
          { label: `prepareArguments of tool "${name}"` },
        ));
        if (outcome.returnedPromise) return { returnedPromise: true };
        return { value: outcome.value, ...(outcome.sameObject ? { sameObject: true } : {}) };
      };
    }
    return tool;
  });
}

/** Calls a code turn's factory in the sandbox; a throw arrives as a SandboxCallError placed in the turn's code. */
export async function runTurn(port: CallPort, fileId: string, request: TurnRequest, options: { label?: string; signal?: AbortSignal } = {}): Promise<unknown> {
  const outcome = await port.call(
    { kind: 'turn', fileId, payload: toPlainData(request) },
    { label: options.label ?? 'The code turn', signal: options.signal },
  );
  return unwrap(port, outcome).value;
}

export function createHooks(evaluation: Evaluation, port: CallPort): SandboxHooks {
  const hooks: SandboxHooks = {};
  const before = evaluation.hooks.beforeToolCall;
  const after = evaluation.hooks.afterToolCall;
  if (before) {
    hooks.beforeToolCall = async (context, signal) => unwrap(port, await port.call(
      { kind: 'beforeToolCall', fileId: before.fileId, toolCallId: context.toolCall.id, payload: toHookContext(context) },
      { label: 'beforeToolCall', toolCallId: context.toolCall.id, signal },
    )).value as BeforeToolCallResult | undefined;
  }
  if (after) {
    hooks.afterToolCall = async (context, signal) => unwrap(port, await port.call(
      { kind: 'afterToolCall', fileId: after.fileId, toolCallId: context.toolCall.id, payload: toHookContext(context) },
      { label: 'afterToolCall', toolCallId: context.toolCall.id, signal },
    )).value as AfterToolCallResult | undefined;
  }
  return hooks;
}
