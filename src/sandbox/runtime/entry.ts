// The worker's entry point (bundled into generated/runtime-bundle.js). Waits for the port the host sends
// through the sandbox frame, then evaluates tool modules and runs calls into them.
import type { HostMessage, ModuleReport } from '../protocol.ts';
import { activeCalls, handleCall } from './calls.ts';
import { WorkerChannel, type ActiveCall } from './channel.ts';
import { disableWorkerClose } from './worker-close.ts';
import { collectHooks, collectTools, collectTurn, type FoundHooks, type FoundTool } from './collect-exports.ts';
import { installConsole } from './console.ts';
import { isSyntaxProbe, runModule } from './evaluate-module.ts';
import { createHostBridge } from './host-bridge.ts';
import { createModuleTable, installGlobals } from './modules.ts';
import { installTimeGlobals } from './time-globals.ts';
import { ownerLabel, TimerQueue } from './timers.ts';
import { describeThrown } from './transfer.ts';
import type { WorkerScope } from './worker-scope.ts';
import { WorkerTime } from './worker-time.ts';

interface LoadedModule {
  tools: FoundTool[];
  hooks?: FoundHooks;
  /** A code turn's faux factory (its default export). */
  turn?: (...args: unknown[]) => unknown;
}

function start(port: MessagePort): void {
  const modules = new Map<string, LoadedModule>();
  /** Evaluations the host gave up on (timed out): their late results must not replace anything. */
  const abandoned = new Set<number>();
  const evaluating = new Set<number>();
  let maxResultBytes = 8 * 1024 * 1024;

  const channel = new WorkerChannel(port, handle);
  const attribution = (call = channel.current) => ({ callId: call?.id, ...(call?.toolCallId !== undefined ? { toolCallId: call.toolCallId } : {}) });
  const time = new WorkerTime();
  time.reader = () => ownerLabel(channel.current);
  const timers = new TimerQueue({
    time,
    current: () => channel.current,
    setCurrent: (owner) => { channel.current = owner; },
    changed: () => channel.scheduleQuiet(),
    overLimit: (owner, text) => {
      if (owner?.active && owner.fail) owner.fail(text);
      else channel.post({ type: 'log', ...attribution(owner), level: 'error', text });
    },
  });
  channel.onTime = (now) => time.sync(now);
  channel.idleWork = () => timers.fireNext();
  channel.timerReport = () => ({ nextTimer: timers.nextDue(), waits: timers.waits(), nextLabel: timers.nextLabel() });
  const bridge = createHostBridge(channel, timers);
  const table = createModuleTable(bridge);
  installGlobals(bridge);
  installTimeGlobals(timers, time);
  installConsole(channel);
  disableWorkerClose(() => channel.current?.label);

  const scope = globalThis as unknown as WorkerScope;
  // Errors from stray timers or unawaited promises in user code: shown as console errors, never fatal.
  scope.addEventListener('error', (event) => {
    if (isSyntaxProbe(event.filename)) return;
    event.preventDefault();
    channel.post({ type: 'log', ...attribution(), level: 'error', text: `Uncaught ${describeThrown(event.error ?? event.message)}` });
  });
  scope.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    channel.post({ type: 'log', ...attribution(), level: 'error', text: `Unhandled promise rejection: ${describeThrown(event.reason)}` });
  });

  const ctx = {
    channel,
    maxResultBytes: () => maxResultBytes,
    findTool: (fileId: string, name: string) => modules.get(fileId)?.tools.find((t) => t.name === name),
    findHooks: (fileId: string) => modules.get(fileId)?.hooks,
    findTurn: (fileId: string) => modules.get(fileId)?.turn,
    dropTimers: (call: ActiveCall) => timers.dropOwner(call),
  };

  async function evaluate(msg: Extract<HostMessage, { type: 'evaluate' }>): Promise<ModuleReport> {
    channel.current = undefined;
    channel.onActivity();
    modules.delete(msg.fileId); // a file whose new version fails has no tools, not its old ones
    const ran = await runModule(msg.fileId, msg.code, table.require);
    if (!ran.ok) return ran.report;
    const { exports } = ran.module;
    try {
      if (msg.role === 'turn') {
        const found = collectTurn(exports);
        if (!abandoned.has(msg.id)) modules.set(msg.fileId, { tools: [], ...(found.turn ? { turn: found.turn } : {}) });
        return { tools: [], hooks: { beforeToolCall: { kind: 'missing' }, afterToolCall: { kind: 'missing' } }, turn: found.report, notes: found.notes };
      }
      if (msg.role === 'hooks') {
        const hooks = collectHooks(exports);
        const notes: ModuleReport['notes'] = hooks.report.beforeToolCall.kind === 'missing' && hooks.report.afterToolCall.kind === 'missing'
          ? [{ severity: 'warning', code: 'hooks.none', message: 'This hooks file exports neither beforeToolCall nor afterToolCall' }]
          : [];
        if (!abandoned.has(msg.id)) modules.set(msg.fileId, { tools: [], hooks });
        return { tools: [], hooks: hooks.report, notes };
      }
      const { tools, notes } = await collectTools(exports);
      if (!abandoned.has(msg.id)) modules.set(msg.fileId, { tools });
      return { tools: tools.map((t) => t.report), hooks: { beforeToolCall: { kind: 'missing' }, afterToolCall: { kind: 'missing' } }, notes };
    } catch (error) {
      return { error: { kind: 'evaluation', message: describeThrown(error) }, tools: [], hooks: { beforeToolCall: { kind: 'missing' }, afterToolCall: { kind: 'missing' } }, notes: [] };
    }
  }

  function handle(msg: HostMessage): void {
    switch (msg.type) {
      case 'configure':
        maxResultBytes = msg.maxResultBytes;
        return;
      case 'evaluate':
        evaluating.add(msg.id);
        void evaluate(msg).then((report) => {
          evaluating.delete(msg.id);
          if (!abandoned.delete(msg.id)) channel.post({ type: 'evaluated', id: msg.id, report });
        });
        return;
      case 'drop':
        modules.delete(msg.fileId);
        return;
      case 'call':
        handleCall(ctx, msg);
        return;
      case 'abort': {
        const call = activeCalls.get(msg.id);
        if (call) {
          channel.current = call;
          call.controller.abort();
        } else if (evaluating.has(msg.id)) {
          abandoned.add(msg.id);
        }
        return;
      }
      case 'fs-reply':
        bridge.deliver(msg);
        return;
      case 'tick':
        // The clock's new time is taken: the first due timer runs in this task, the others each in its own.
        timers.fireNext();
        return;
      case 'clock':
        time.setClock(msg.mode === 'virtual' ? 'virtual' : 'real', msg.epoch, msg.origin);
        timers.rebase(msg.previousNow, time.now());
        return;
      case 'ping':
        channel.post({ type: 'pong', id: msg.id });
        return;
    }
  }

  channel.post({ type: 'ready' });
}

const workerScope = globalThis as unknown as WorkerScope;
workerScope.addEventListener('message', function connect(event: MessageEvent) {
  if (event.data?.type !== 'connect' || !(event.ports[0] instanceof MessagePort)) return;
  workerScope.removeEventListener('message', connect);
  start(event.ports[0]);
});
