// Runs one call into user code: execute (with its own AbortSignal and onUpdate), prepareArguments (synchronous,
// as pi calls it), or a hook. Results leave as copies within the size limit; a throw leaves as pi's text for it.
import type { CallOutcome, HostMessage } from '../protocol.ts';
import type { ActiveCall, WorkerChannel } from './channel.ts';
import type { FoundHooks, FoundTool } from './collect-exports.ts';
import { userFrame } from './evaluate-module.ts';
import { copyForTransfer, formatMegabytes, thrownMessage } from './transfer.ts';

type CallMessage = Extract<HostMessage, { type: 'call' }>;

const MAX_UPDATES_PER_CALL = 10_000;

export interface CallContext {
  channel: WorkerChannel;
  maxResultBytes: () => number;
  findTool(fileId: string, name: string): FoundTool | undefined;
  findHooks(fileId: string): FoundHooks | undefined;
  findTurn(fileId: string): ((...args: unknown[]) => unknown) | undefined;
  /** Cancels the timers a call set: a call that failed takes its leftover timers (a setInterval) with it. */
  dropTimers(call: ActiveCall): void;
}

export const activeCalls = new Map<number, ActiveCall>();

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

function tooLarge(what: string, atLeast: number, limit: number): string {
  return `${what} is too large to leave the sandbox (at least ${formatMegabytes(atLeast)}; the limit is ${formatMegabytes(limit)}). Return less data.`;
}

/** Copies a value for the host, warning about dropped functions; an oversized value becomes an error outcome. */
function transferable(ctx: CallContext, call: ActiveCall, value: unknown, what: string, root: string): CallOutcome {
  const copy = copyForTransfer(value, ctx.maxResultBytes());
  if (!copy.ok) return { ok: false, message: tooLarge(what, copy.atLeastBytes, ctx.maxResultBytes()) };
  if (copy.dropped.length > 0) {
    const paths = copy.dropped.slice(0, 5).map((p) => p.replace(/^result/, root)).join(', ');
    ctx.channel.post({ type: 'log', callId: call.id, level: 'warn', text: `Left out of ${what.toLowerCase()} (functions and promises cannot leave the sandbox): ${paths}${copy.dropped.length > 5 ? ', …' : ''}` });
  }
  return { ok: true, value: copy.value };
}

async function run(ctx: CallContext, msg: CallMessage, call: ActiveCall): Promise<CallOutcome> {
  const { channel } = ctx;
  if (msg.kind === 'beforeToolCall' || msg.kind === 'afterToolCall') {
    const hook = ctx.findHooks(msg.fileId)?.[msg.kind];
    if (!hook) return { ok: false, message: `${msg.kind} is no longer exported by its hooks file` };
    const value = await hook(msg.payload, call.controller.signal);
    return transferable(ctx, call, value, `The ${msg.kind} result`, 'result');
  }
  if (msg.kind === 'turn') {
    const factory = ctx.findTurn(msg.fileId);
    if (!factory) return { ok: false, message: 'its code does not export default a faux factory function' };
    const { context, options, state, model } = (msg.payload ?? {}) as Record<string, unknown>;
    // pi's faux factory arguments; the stream's signal is this call's own (aborts are forwarded).
    const value = await factory(context, { ...(options as object), signal: call.controller.signal }, state, model);
    return transferable(ctx, call, value, 'The turn', 'result');
  }
  const found = ctx.findTool(msg.fileId, msg.toolName ?? '');
  if (!found) return { ok: false, message: `Tool "${msg.toolName}" is no longer defined in its file` };
  const { tool } = found;
  if (msg.kind === 'prepareArguments') {
    if (typeof tool.prepareArguments !== 'function') return { ok: true, value: msg.payload, sameObject: true };
    const returned = (tool.prepareArguments as (args: unknown) => unknown)(msg.payload);
    if (isThenable(returned)) {
      Promise.resolve(returned).catch(() => {}); // pi never awaits it; neither do we (no unhandled rejection)
      return { ok: true, value: undefined, returnedPromise: true };
    }
    // pi's validation structuredClones the prepared arguments: a value it cannot clone fails with the engine's text.
    structuredClone(returned);
    const size = copyForTransfer(returned, ctx.maxResultBytes());
    if (!size.ok) return { ok: false, message: tooLarge('The prepared arguments object', size.atLeastBytes, ctx.maxResultBytes()) };
    return { ok: true, value: returned, sameObject: returned === msg.payload };
  }
  if (typeof tool.execute !== 'function') return { ok: false, message: `Tool "${msg.toolName}" has no execute function` };
  let settled = false;
  const onUpdate = (partial: unknown) => {
    // pi ignores updates once execute has settled; sending them would only cost messages.
    if (settled || !msg.wantsUpdates) return;
    if (++call.updates > MAX_UPDATES_PER_CALL) {
      if (call.updates === MAX_UPDATES_PER_CALL + 1) {
        channel.post({ type: 'log', callId: call.id, level: 'warn', text: `onUpdate was called more than ${MAX_UPDATES_PER_CALL} times; later updates were dropped` });
      }
      return;
    }
    const copy = transferable(ctx, call, partial, 'An onUpdate partial result', 'partialResult');
    if (copy.ok) channel.post({ type: 'update', id: call.id, partial: copy.value });
    else channel.post({ type: 'log', callId: call.id, level: 'error', text: `${copy.message} It was not shown.` });
  };
  try {
    const result = await (tool.execute as (...args: unknown[]) => unknown)(
      msg.toolCallId, msg.payload, call.controller.signal, onUpdate,
    );
    settled = true;
    return transferable(ctx, call, result, 'The tool result', 'result');
  } finally {
    settled = true;
  }
}

/** How messages about a call (its timers' limits, a busy-wait) name it. */
function labelOf(msg: CallMessage): string {
  switch (msg.kind) {
    case 'execute': return `Tool "${msg.toolName}"`;
    case 'prepareArguments': return `prepareArguments of tool "${msg.toolName}"`;
    default: return msg.kind;
  }
}

/** Handles a `call` message; the outcome is posted as `settled` (abort messages go through `activeCalls`). */

export function handleCall(ctx: CallContext, msg: CallMessage): void {
  const call: ActiveCall = {
    id: msg.id, toolCallId: msg.toolCallId, label: labelOf(msg), active: true, controller: new AbortController(), logs: 0, updates: 0,
  };
  activeCalls.set(msg.id, call);
  ctx.channel.current = call;
  ctx.channel.onActivity();
  if (msg.aborted) call.controller.abort();
  const settle = (outcome: CallOutcome) => {
    if (!call.active) return;
    call.active = false;
    activeCalls.delete(msg.id);
    if (!outcome.ok) ctx.dropTimers(call);
    const sent = ctx.channel.post({ type: 'settled', id: msg.id, outcome });
    if (!sent.ok) ctx.channel.post({ type: 'settled', id: msg.id, outcome: { ok: false, message: `The result could not leave the sandbox: ${sent.message}` } });
  };
  call.fail = (message) => {
    settle({ ok: false, message });
    call.controller.abort();
  };
  // Runs synchronously up to the first await, as pi's calls do (prepareArguments entirely).
  let pending: Promise<CallOutcome>;
  try {
    pending = run(ctx, msg, call);
  } catch (error) {
    pending = Promise.reject(error);
  }
  pending.then(settle, (error: unknown) => {
    // A thrown Proxy whose traps throw still settles the call: userFrame and thrownMessage never throw.
    const frame = userFrame(error);
    settle({ ok: false, message: thrownMessage(error), ...(frame ? { frame } : {}) });
  });
}
