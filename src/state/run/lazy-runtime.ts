// A ToolRuntime that loads the real one on first need (it is a separate chunk: the sandbox host, TypeBox and the
// transpiler stay out of the first page load). Until it has loaded, evaluate() waits for it; an evaluation can
// only come from the loaded runtime, so agentTools() and hooks() always find it there.
import type { ToolRuntime } from './tool-runtime.ts';

/** `load` is told the network setting asked for so far, so the sandbox is made with it rather than re-made. */
export function createLazyRuntime(load: (settings: { network: boolean }) => Promise<ToolRuntime>): ToolRuntime {
  let runtime: ToolRuntime | undefined;
  let disposed = false;
  let timeoutMs: number | undefined;
  let network: boolean | undefined;
  let loading: Promise<ToolRuntime> | undefined;
  const ready = () =>
    (loading ??= load({ network: network ?? false }).then((loaded) => {
      runtime = loaded;
      if (timeoutMs !== undefined) loaded.setTimeoutMs(timeoutMs);
      if (network !== undefined) void loaded.setNetwork?.(network);
      if (disposed) loaded.dispose();
      return loaded;
    }));
  const loaded = (what: string): ToolRuntime => {
    if (!runtime) throw new Error(`${what} needs an evaluation from the sandbox, and the sandbox has not loaded yet`);
    return runtime;
  };

  return {
    get status() {
      return disposed ? 'disposed' : runtime ? runtime.status : 'starting';
    },
    evaluate: async (files) => (await ready()).evaluate(files),
    agentTools: (evaluation) => (evaluation.tools.length === 0 && !runtime ? [] : loaded('agentTools').agentTools(evaluation)),
    hooks: (evaluation) => (runtime ? runtime.hooks(evaluation) : {}),
    setTimeoutMs(ms) {
      timeoutMs = ms;
      runtime?.setTimeoutMs(ms);
    },
    setClock(clock) {
      // Only a loaded sandbox can be running a recording; before that there is nothing to switch.
      runtime?.setClock?.(clock);
    },
    runTurn: async (fileId, request, options) => {
      const loadedRuntime = await ready();
      if (!loadedRuntime.runTurn) throw new Error('This sandbox cannot run code turns');
      return loadedRuntime.runTurn(fileId, request, options);
    },
    restart: async () => (await ready()).restart(),
    async setNetwork(allowed) {
      // Before the sandbox has loaded there is nothing to re-create: it is made with the setting given here.
      network = allowed;
      await runtime?.setNetwork?.(allowed);
    },
    dispose() {
      disposed = true;
      runtime?.dispose();
    },
  };
}
