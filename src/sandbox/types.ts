// The sandbox's public vocabulary: the files it evaluates, what an evaluation reports, and the host capabilities
// user code may reach (the clock through timers, Date and sleep(), the virtual filesystem through fs).
import type { TSchema } from 'typebox';
import type { Clock } from '../engine/index.ts';
import type { ConstrainedSamplingConfig } from '../ai/index.ts';
import type { AgentLoopConfig, AgentTool, ToolExecutionMode } from '../engine/index.ts';
import type { FsCapabilityHost } from '../vfs/index.ts';

/** The `fs` contract (declared in vfs, which storage implements too), named here for the sandbox's callers. */
export type { FsCapabilityHost, FsEntry } from '../vfs/index.ts';

/**
 * One editor file. `role` defaults to 'tool'; a 'hooks' file exports beforeToolCall and/or afterToolCall; a 'turn'
 * file is a scenario's code turn, whose default export is a faux response factory.
 */
export interface SourceFile {
  id: string;
  kind: 'typescript' | 'json-schema';
  source: string;
  /** Shown in messages; for a bare JSON Schema file it also names the tool (without its extension). */
  name?: string;
  role?: 'tool' | 'hooks' | 'turn';
}

/** 1-based, in the user's source. */
export interface Diagnostic {
  fileId: string;
  severity: 'error' | 'warning';
  kind: 'syntax' | 'evaluation' | 'contract' | 'schema';
  /** English text. Syntax and runtime errors are the engine's own words and carry no code. */
  message: string;
  /**
   * Stable id of a problem the playground's own checks found (`contract.no-execute`, `schema.unknown-type`, …),
   * with the values the message was built from, so the UI can word it in the reader's language.
   */
  code?: string;
  params?: Record<string, string | number>;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface EvaluatedTool {
  fileId: string;
  name: string;
  label?: string;
  description: string;
  /** Plain JSON Schema with TypeBox's hidden keys restored (non-enumerable), so validation converts as in pi. */
  parameters: TSchema;
  executionMode?: ToolExecutionMode;
  constrainedSampling?: false | ConstrainedSamplingConfig;
  hasExecute: boolean;
  hasPrepareArguments: boolean;
  /** Where the tool is declared (its `name` property when found, else its export). */
  sourceRange?: { line: number; column: number };
}

/** Which file provides each hook (the first one that exports it). */
export interface EvaluatedHooks {
  beforeToolCall?: { fileId: string };
  afterToolCall?: { fileId: string };
}

export interface Evaluation {
  tools: EvaluatedTool[];
  hooks: EvaluatedHooks;
  diagnostics: Diagnostic[];
  /** The 'turn' files whose default export is a function, ready to be called with runTurn. */
  turns?: string[];
}

/** pi's faux factory arguments for a code turn, as plain data (tools without execute, parameters as JSON Schema). */
export interface TurnRequest {
  context: unknown;
  options: unknown;
  state: unknown;
  model: unknown;
}

/** The methods user code can reach. */
export type FsOperation = Exclude<keyof FsCapabilityHost, 'forCall'>;

export interface SandboxLogEntry {
  toolCallId?: string;
  level: 'log' | 'warn' | 'error';
  text: string;
}

export interface SandboxOptions {
  /** Wall-clock budget of one call into user code, not counting time it waits on setTimeout, sleep() or fs. Default 5000. */
  timeoutMs?: number;
  /** User code's timers, Date and performance.now() run on it, and calls hold it while they compute. Default: a RealClock. */
  clock?: Clock;
  fs?: FsCapabilityHost;
  onLog?: (entry: SandboxLogEntry) => void;
  /** Largest tool result (or update, or hook result) that may leave the sandbox. Default 8 MiB. */
  maxResultBytes?: number;
  /** Whether user code may connect to the network (fetch, WebSocket, EventSource, XMLHttpRequest). Default false. */
  network?: boolean;
}

export type SandboxStatus = 'starting' | 'ready' | 'restarting' | 'disposed';

export interface SandboxHooks {
  beforeToolCall?: AgentLoopConfig['beforeToolCall'];
  afterToolCall?: AgentLoopConfig['afterToolCall'];
}

export interface Sandbox {
  /**
   * Never rejects: failures are diagnostics. Calls run one after another and unchanged files are not evaluated
   * again. A call that is overtaken by a newer one before it starts (typing while a slow file evaluates)
   * resolves with the newer call's evaluation: the latest files win.
   */
  evaluate(files: SourceFile[]): Promise<Evaluation>;
  /** Host-side AgentTools whose execute and prepareArguments (PREPARE_ARGUMENTS_ASYNC) run in the sandbox. */
  agentTools(evaluation: Evaluation): AgentTool[];
  hooks(evaluation: Evaluation): SandboxHooks;
  /**
   * Calls the default export of 'turn' file `fileId` with `request` (copied into the sandbox). Resolves with what it
   * returned (a copy); rejects with a SandboxCallError (placed in the file when known) or a SandboxLinkError (timeout,
   * restart).
   */
  runTurn(fileId: string, request: TurnRequest, options?: { label?: string; signal?: AbortSignal }): Promise<unknown>;
  setTimeoutMs(ms: number): void;
  /** Replaces the clock for later calls (a new VirtualClock per replay, say). */
  setClock(clock: Clock): void;
  readonly status: SandboxStatus;
  /** Why the worker could not start (status stays 'starting'); undefined while all is well. */
  readonly error: string | undefined;
  /** Kills the worker, creates a new one and evaluates the last files again. */
  restart(): Promise<void>;
  /** Whether user code may use the network now. */
  readonly network: boolean;
  /**
   * Turns network access for user code on or off: the sandbox is made anew under the new policy and evaluates the
   * last files again (calls under way fail as after a restart). Resolves when the new sandbox holds them.
   */
  setNetwork(allowed: boolean): Promise<void>;
  dispose(): void;
}
