// Replays a scenario exported from the pi tool playground against the real pi packages (0.85.1): pi's
// runAgentLoop, pi's faux provider scripted with the scenario's turns, the exported tools and hooks. Time is
// virtual (Vitest's fake timers, moved on only when nothing else is left to do, as the playground's clock is), so
// two-second tools take no wall time and the order of events is the playground's.
import { runAgentLoop, type AgentEvent, type AgentLoopConfig, type AgentMessage, type AgentTool } from "@earendil-works/pi-agent-core";
import {
  fauxAssistantMessage, registerFauxProvider, streamSimple, type AssistantMessage, type FauxResponseFactory, type Message,
} from "@earendil-works/pi-ai/compat";
import { vi } from "vitest";
import { pendingFileOperations, setWorkspaceRoot } from "./playground-runtime.ts";
import { summarizeEvent } from "./pi-event-summary.ts";

export { comparable, summarizeEvent, type TimePolicy } from "./pi-event-summary.ts";

export type Moment =
  | { atMs: number }
  | { beforeTurn: number; afterMs?: number }
  | { toolCallStart: string; afterMs?: number }
  | { toolCallExecute: string; afterMs?: number }
  | { toolCallEnd: string; afterMs?: number };

export interface InjectedMessage { text: string; at?: Moment }

export interface ReplayScript {
  systemPrompt: string;
  prompts: string[];
  toolExecution: "parallel" | "sequential";
  tools: AgentTool<any>[];
  hooks?: Pick<AgentLoopConfig, "beforeToolCall" | "afterToolCall">;
  /**
   * One entry per model request: a message, or a faux factory (a code turn, see codeTurn); delayMs waits before
   * the response starts (cut short by an abort).
   */
  turns: ({ message: AssistantMessage; delayMs?: number } | { factory: FauxResponseFactory; delayMs?: number })[];
  tokenSize?: { min: number; max: number };
  tokensPerSecond?: number;
  steering?: InjectedMessage[];
  followUp?: InjectedMessage[];
  steeringMode?: "one-at-a-time" | "all";
  followUpMode?: "one-at-a-time" | "all";
  abort?: Moment;
  /** The playground's files when the run started; copied to a temporary folder that becomes fs's root. */
  filesRoot?: string;
  /** pi's built-in coding tools the run had (read, write, edit, ls, find, grep), working in that folder. */
  codingTools?: string[];
}

type Loose = Record<string, any>;

// ---- code turns: a faux factory answered as the playground reads its answer -----------------------------

/** The id pi's fauxToolCall draws when none is given; the playground gives such calls call_<turn>_<block>. */
const DRAWN_ID = /^tool:\d+:[0-9a-z]*$/;

/**
 * A code turn's factory (turn turnIndex, 0-based). Its answer may be a faux message or a turn as the playground's
 * scenario file writes one ({ content, stopReason? }); tool calls without an id of their own (fauxToolCall's random
 * default) get call_<turn>_<block>, and a turn without a stopReason gets toolUse with tool calls, else stop.
 */
export function codeTurn(factory: (...args: any[]) => unknown, turnIndex: number): FauxResponseFactory {
  return async (context, options, state, model) => {
    const value = (await factory(context, options, state, model)) as Loose;
    const isMessage = value?.role === "assistant";
    const blocks: Loose[] = typeof value?.content === "string" ? [{ type: "text", text: value.content }] : value?.content ?? [];
    const content = blocks.map((block, b) => {
      if (block.type !== "toolCall") return block.type === "text" ? { type: "text", text: block.text } : { type: "thinking", thinking: block.thinking };
      const id = typeof block.id === "string" && !DRAWN_ID.test(block.id) ? block.id : "call_" + (turnIndex + 1) + "_" + (b + 1);
      return { type: "toolCall", id, name: block.name, arguments: block.arguments ?? {} };
    });
    const hasCalls = content.some((block) => block.type === "toolCall");
    const stopReason = value?.stopReason ?? (isMessage ? "stop" : hasCalls ? "toolUse" : "stop");
    return fauxAssistantMessage(content as never, {
      stopReason, ...(value?.errorMessage !== undefined ? { errorMessage: value.errorMessage } : {}),
      ...(value?.responseId !== undefined ? { responseId: value.responseId } : {}),
    });
  };
}

// ---- tools and hooks, found in a module as the playground finds them ------------------------------------

function looksLikeTool(value: unknown): value is Loose {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return "execute" in value || "parameters" in value || ("name" in value && "description" in value);
}

/** A tool without execute fails when called, with the playground's message. */
function withExecute(tool: Loose): AgentTool<any> {
  if (typeof tool.execute === "function") return tool as AgentTool<any>;
  return { ...tool, execute: async () => { throw new Error('Tool "' + tool.name + '" has no execute function'); } } as unknown as AgentTool<any>;
}

/** Tools exported by a module: objects, arrays of them, or a pi extension's registerTool calls. */
export async function collectTools(module: Loose): Promise<AgentTool<any>[]> {
  const found: Loose[] = [];
  const seen = new Set<object>();
  const add = (tool: Loose) => { if (!seen.has(tool)) { seen.add(tool); found.push(tool); } };
  for (const key of Object.keys(module)) {
    const value = module[key];
    if (Array.isArray(value)) value.filter(looksLikeTool).forEach(add);
    else if (looksLikeTool(value)) add(value);
    else if (key === "default" && typeof value === "function") {
      const registered: Loose[] = [];
      const api = new Proxy({ registerTool: (tool: unknown) => { if (tool && typeof tool === "object") registered.push(tool as Loose); } } as Loose, {
        get: (target, name) => (name in target ? target[name as string] : () => undefined),
      });
      await value(api);
      registered.forEach(add);
    }
  }
  return found.map(withExecute);
}

/** beforeToolCall / afterToolCall as named exports or members of the default export. */
export function collectHooks(module: Loose): Pick<AgentLoopConfig, "beforeToolCall" | "afterToolCall"> {
  const pick = (name: string) => module[name] ?? (module.default && typeof module.default === "object" ? module.default[name] : undefined);
  const hooks: Loose = {};
  for (const name of ["beforeToolCall", "afterToolCall"]) if (typeof pick(name) === "function") hooks[name] = pick(name);
  return hooks;
}

// ---- moments: when steering, follow-up and the abort happen ------------------------------------------------

class Moments {
  private waiting = new Map<string, (() => void)[]>();
  private timers: ReturnType<typeof setTimeout>[] = [];
  private turnsEnded = 0;
  private disposed = false;
  constructor(readonly startMs: number) {}

  at(moment: Moment | undefined, action: () => void): void {
    if (!moment) return action();
    if ("atMs" in moment) return this.after(moment.atMs - (Date.now() - this.startMs), action);
    const delayed = () => this.after(moment.afterMs ?? 0, action);
    if ("beforeTurn" in moment) {
      if (moment.beforeTurn <= 1 + this.turnsEnded) return delayed();
      return this.on("turnEnded:" + (moment.beforeTurn - 1), delayed);
    }
    if ("toolCallStart" in moment) return this.on("toolCallStart:" + moment.toolCallStart, delayed);
    if ("toolCallExecute" in moment) return this.on("toolCallExecute:" + moment.toolCallExecute, delayed);
    return this.on("toolCallEnd:" + moment.toolCallEnd, delayed);
  }

  onEvent(event: AgentEvent): void {
    if (event.type === "turn_end") this.fire("turnEnded:" + ++this.turnsEnded);
    else if (event.type === "tool_execution_start") this.fire("toolCallStart:" + event.toolCallId);
    else if (event.type === "tool_execution_end") this.fire("toolCallEnd:" + event.toolCallId);
  }

  fire(key: string): void {
    const actions = this.waiting.get(key);
    if (!actions || this.disposed) return;
    this.waiting.delete(key);
    for (const action of actions) action();
  }

  dispose(): void {
    this.disposed = true;
    this.timers.forEach(clearTimeout);
    this.waiting.clear();
  }

  private on(key: string, action: () => void): void {
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), action]);
  }

  private after(ms: number, action: () => void): void {
    if (ms <= 0) return action();
    this.timers.push(setTimeout(() => { if (!this.disposed) action(); }, ms));
  }
}

// ---- the run ------------------------------------------------------------------------------------------------

const keepLlmMessages = (messages: AgentMessage[]): Message[] =>
  messages.filter((m): m is Message => ["user", "assistant", "toolResult"].includes((m as Message).role));

let codingToolCalls = 0;

/**
 * pi-coding-agent's tool factories. Its main entry needs Node 22 (pi's minimum); on older Node the tools module
 * itself is loaded from the installed package.
 */
async function loadCodingAgentTools(): Promise<Loose> {
  try {
    return await import("@earendil-works/pi-coding-agent");
  } catch (error) {
    const { existsSync } = await import("node:fs");
    const { dirname, join } = await import("node:path");
    const { pathToFileURL } = await import("node:url");
    for (let dir = process.cwd(); ; dir = dirname(dir)) {
      const file = join(dir, "node_modules/@earendil-works/pi-coding-agent/dist/core/tools/index.js");
      if (existsSync(file)) return import(pathToFileURL(file).href);
      if (dirname(dir) === dir) throw error;
    }
  }
}

/**
 * pi's own coding tools over the folder. Their real file I/O counts as work in flight (virtual time waits for it,
 * as the playground's clock waits for its filesystem), and their errors name paths under /workspace, as the
 * playground's copies of these tools do.
 */
async function createCodingTools(names: string[], root: string): Promise<AgentTool<any>[]> {
  const agent = await loadCodingAgentTools();
  const factories: Record<string, string> = {
    read: "createReadTool", write: "createWriteTool", edit: "createEditTool", ls: "createLsTool", find: "createFindTool", grep: "createGrepTool",
  };
  return names.map((name) => {
    const tool = agent[factories[name]](root) as AgentTool<any>;
    return {
      ...tool,
      execute: async (...args: Parameters<AgentTool<any>["execute"]>) => {
        codingToolCalls++;
        try {
          return await tool.execute(...args);
        } catch (error) {
          if (error instanceof Error) error.message = error.message.split(root).join("/workspace");
          throw error;
        } finally {
          codingToolCalls--;
        }
      },
    };
  });
}

/** Moves fake time to the next timer whenever the program is idle (no file I/O in flight), until done. */
async function onVirtualTime<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  const watched = work.finally(() => { settled = true; });
  watched.catch(() => undefined);
  while (!settled) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (settled || pendingFileOperations() > 0 || codingToolCalls > 0) continue;
    if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
  }
  return watched;
}

/** Runs the script with pi's loop and returns the summary of every event pi emitted. */
export async function replayScenario(script: ReplayScript): Promise<Loose[]> {
  let root = process.cwd();
  if (script.filesRoot) {
    const { cp, mkdtemp, realpath } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    root = await realpath(await mkdtemp(join(tmpdir(), "pi-replay-")));
    await cp(script.filesRoot, root, { recursive: true });
    setWorkspaceRoot(root);
  }
  const codingTools = script.codingTools?.length ? await createCodingTools(script.codingTools, root) : [];
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  const faux = registerFauxProvider({ tokenSize: script.tokenSize, tokensPerSecond: script.tokensPerSecond });
  const summaries: Loose[] = [];
  const moments = new Moments(Date.now());
  try {
    const model = faux.getModel();
    faux.setResponses(script.turns.map((turn) => {
      const answer: FauxResponseFactory = "factory" in turn ? turn.factory : () => turn.message;
      if (!turn.delayMs) return "factory" in turn ? turn.factory : turn.message;
      const delayMs = turn.delayMs;
      // A delay before the response: waits like a request that has not had its first byte yet.
      const factory: FauxResponseFactory = (context, options, state, requestModel) => new Promise<void>((resolve) => {
        if (options?.signal?.aborted) return resolve();
        const done = () => { clearTimeout(timer); resolve(); };
        const timer = setTimeout(done, delayMs);
        options?.signal?.addEventListener("abort", done, { once: true });
      }).then(() => answer(context, options, state, requestModel));
      return factory;
    }));
    const controller = new AbortController();
    const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() });
    const steering: AgentMessage[] = [];
    const followUps: AgentMessage[] = [];
    (script.steering ?? []).forEach((m) => moments.at(m.at, () => steering.push(user(m.text))));
    (script.followUp ?? []).forEach((m) => moments.at(m.at, () => followUps.push(user(m.text))));
    if (script.abort) moments.at(script.abort, () => controller.abort());
    const take = (queue: AgentMessage[], mode?: string) => (mode === "all" ? queue.splice(0) : queue.splice(0, 1));
    const needsExecuteMoments = JSON.stringify([script.steering, script.followUp, script.abort]).includes("toolCallExecute");
    const allTools = [...script.tools, ...codingTools];
    const tools = needsExecuteMoments
      ? allTools.map((tool) => new Proxy(tool, {
          get(target, key, receiver) {
            if (key !== "execute") return Reflect.get(target, key, receiver);
            return (id: string, ...rest: unknown[]) => {
              moments.fire("toolCallExecute:" + id);
              return (target.execute as (...args: unknown[]) => unknown).call(target, id, ...rest);
            };
          },
        }))
      : allTools;
    const config: AgentLoopConfig = {
      model: model!,
      convertToLlm: keepLlmMessages,
      toolExecution: script.toolExecution,
      getSteeringMessages: async () => take(steering, script.steeringMode),
      getFollowUpMessages: async () => take(followUps, script.followUpMode),
      ...script.hooks,
    };
    const emit = (event: AgentEvent) => {
      summarizeEvent(summaries, event, Date.now() - moments.startMs);
      moments.onEvent(event);
    };
    const context = { systemPrompt: script.systemPrompt, messages: [] as AgentMessage[], tools };
    try {
      await onVirtualTime(runAgentLoop(script.prompts.map(user), context, config, emit, controller.signal, streamSimple as never));
    } catch (error) {
      // The loop itself failed (a hook threw where pi does not recover): closed as pi's Agent closes it.
      const failed = {
        role: "assistant", content: [{ type: "text", text: "" }], stopReason: controller.signal.aborted ? "aborted" : "error",
        errorMessage: error instanceof Error ? error.message : String(error),
      };
      for (const event of [
        { type: "message_start", message: failed }, { type: "message_end", message: failed },
        { type: "turn_end", message: failed, toolResults: [] }, { type: "agent_end", messages: [failed] },
      ]) summarizeEvent(summaries, event, Date.now() - moments.startMs);
    }
  } finally {
    moments.dispose();
    faux.unregister();
    vi.useRealTimers();
  }
  return summaries;
}
